import DynatypeEngine
import DynatypeGit
import DynatypeHistory
import DynatypeRules
import Foundation
import Testing

/// A deterministic random source (SplitMix64), so a failing seed reproduces.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random files shaped like real ones: views with fixed and scaling fonts,
/// design tokens and helpers used across files, UIKit labels, IB documents.
struct RandomSources {
    var random: SeededGenerator

    mutating func pick<T>(_ options: [T]) -> T { options.randomElement(using: &random)! }
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    mutating func view(named name: String) -> String {
        var lines: [String] = []
        for index in 0..<Int.random(in: 1...3, using: &random) {
            var text = "Text(\(pick(["\"Title\"", "title", "\"Item \\(count)\""])))"
            text += ".font(\(pick([".body", ".headline", ".system(size: \(Int.random(in: 9...30, using: &random)))", ".custom(\"Inter\", size: 15)", ".custom(\"Inter\", fixedSize: 11)", ".caption3", "Theme.title", ".brandBody"])))"
            if chance(25) { text += pick([".lineLimit(1)", ".frame(height: 20)", ".minimumScaleFactor(0.5)", ".dynamicTypeSize(.large)", ".frame(width: 120)"]) }
            if chance(10) { lines.append("// dynatype:disable:next \(pick(["fixed_font_size", "single_line_truncation", "fixed_text_height"]))") }
            lines.append(index == 0 && chance(30) ? "HStack { \(text); Text(\"x\") }" : text)
        }
        return """
            import SwiftUI

            struct \(name): View {
                let title: String
                let count: Int
                var body: some View {
                    VStack {
                        \(lines.joined(separator: "\n            "))
                    }
                }
            }
            """
    }

    mutating func tokens() -> String {
        """
        import SwiftUI
        import UIKit

        extension Font {
            static let caption3 = \(pick(["Font.system(size: 10)", "Font.custom(\"Inter\", size: 10, relativeTo: .caption2)", "Font.caption2"]))
            static var brandBody: Font { \(pick([".body", ".system(size: 16)", ".custom(\"Inter\", size: 16)"])) }
        }

        enum Theme {
            static var title: Font { \(pick([".title", ".system(size: 24, weight: .bold)"])) }
        }

        extension UIFont {
            static func appFont(ofSize size: CGFloat) -> UIFont {
                \(pick(["UIFont(name: \"Avenir\", size: size)!", "UIFontMetrics.default.scaledFont(for: UIFont(name: \"Avenir\", size: size)!)"]))
            }
        }

        enum Metrics {
            static let body = UIFontMetrics.default.scaledValue(for: 17)
        }
        """
    }

    mutating func uiKit(named name: String) -> String {
        """
        import UIKit

        final class \(name): UIView {
            let label = UILabel()
            func setUp() {
                label.font = \(pick([".preferredFont(forTextStyle: .body)", "UIFont.systemFont(ofSize: 14)", ".appFont(ofSize: 14)", ".appFont(ofSize: Metrics.body)"]))
                \(chance(50) ? "label.adjustsFontForContentSizeCategory = true" : "")
                \(chance(20) ? "label.numberOfLines = 1" : "")
            }
        }
        """
    }

    mutating func interfaceBuilder() -> String {
        let font = pick(["style=\"UICTFontTextStyleBody\"", "type=\"system\" pointSize=\"17\""])
        let adjusts = chance(50) ? " adjustsFontForContentSizeCategory=\"YES\"" : ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document targetRuntime="iOS.CocoaTouch"><objects>
                <label text="Total"\(adjusts) id="l1">
                    <fontDescription key="fontDescription" \(font)/>
                </label>
            </objects></document>
            """
    }

    mutating func configuration() -> String? {
        pick([
            nil, "{ \"disabled_rules\": [\"no_layout_adaptation\"] }", "{ // legacy code is migrating\n \"excluded\": [\"Legacy\"] }",
            "{ \"severity\": { \"custom_font_without_relative_style\": \"error\" } }",
            "{ \"included\": [\"App\", \"Design\"], \"disabled_rules\": [\"fixed_font_token\"] }",
        ])
    }
}

@Suite struct HistoryPropertyTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func everyCommitsSummaryEqualsAFullAuditOfItsTree(seed: UInt64) throws {
        let fixture = try RandomHistory.make(seed: seed)
        let store = try SQLiteHistoryStore(path: fixture.folder.url.appendingPathComponent("history.sqlite").path)
        let engine = HistoryEngine(repository: try Repository(at: fixture.url), store: store, threads: 2)
        // The property compares with `audit` of a checkout, which applies the repository's file as it is.
        engine.rulePolicy = RulePolicy(repositoryConfiguration: .full)
        let scanner = HistoryScanner(engine: engine)
        let result = try scanner.run(try scanner.plan(refs: ["HEAD"], limit: .newCommits))
        #expect(result.failed == 0)
        // The side branches make the audited state move between branches (not rebuild).
        #expect(result.work.merges == 3 && result.work.stateMoves >= 3, "\(result.work.breakdown)")
        let records = try store.allCommits()
        #expect(records.count == result.audited)
        for record in records {
            let audit = try fixture.auditCheckout(record.sha)
            #expect(record.summary == audit.summary, "seed \(seed), commit \(record.sha.prefix(8)) \(record.title)")
        }
    }
}

/// A random history in a real repository: files added, edited, removed and
/// renamed, design tokens and configuration changed, side branches merged.
enum RandomHistory {
    static let folders = ["App", "App/Views", "Legacy", "Design", "AppTests"]

    static func make(seed: UInt64, steps: Int = 22) throws -> GitFixture {
        let fixture = try GitFixture()
        var sources = RandomSources(random: SeededGenerator(seed: seed))
        var files: [String] = []
        var counter = 0
        func newPath(_ ext: String = "swift") -> String {
            counter += 1
            return "\(sources.pick(folders))/File\(counter).\(ext)"
        }
        func content(for path: String) -> String {
            if path.hasSuffix(".xib") { return sources.interfaceBuilder() }
            let name = "Type" + (path.split(separator: "/").last!.split(separator: ".").first.map(String.init) ?? "X")
            return sources.chance(70) ? sources.view(named: name) : sources.uiKit(named: name)
        }
        try fixture.write("Design/Tokens.swift", sources.tokens())
        for _ in 0..<4 {
            let path = newPath()
            try fixture.write(path, content(for: path))
            files.append(path)
        }
        try fixture.commit("initial")

        for step in 0..<steps {
            if step % 7 == 6 {
                // A side branch that adds a file, and both branches rewrite
                // the same file (the merge takes the side's version; generated
                // files look alike, so git must not take a rewrite for a rename): the
                // audited state moves between the branches, and a version
                // whose predecessor's tree the other branch superseded is
                // parsed from that branch's tree.
                let shared = files.last { $0.hasSuffix(".swift") }
                try fixture.git(["checkout", "-q", "-b", "side\(step)"])
                let path = newPath()
                try fixture.write(path, content(for: path))
                if let shared { try fixture.write(shared, content(for: shared)) }
                try fixture.commit("side work")
                try fixture.git(["checkout", "-q", "main"])
                let other = newPath()
                try fixture.write(other, content(for: other))
                if let shared { try fixture.write(shared, content(for: shared)) }
                try fixture.commit("main work")
                try fixture.git(["merge", "-q", "--no-ff", "-X", "theirs", "-X", "no-renames", "-m", "merge side\(step)", "side\(step)"])
                files += [path, other]
                continue
            }
            for _ in 0..<Int.random(in: 1...3, using: &sources.random) {
                switch Int.random(in: 0..<10, using: &sources.random) {
                case 0, 1:
                    let path = newPath(sources.chance(15) ? "xib" : "swift")
                    try fixture.write(path, content(for: path))
                    files.append(path)
                case 2, 3, 4:
                    guard let path = files.randomElement(using: &sources.random) else { break }
                    try fixture.write(path, content(for: path))
                case 5 where files.count > 2:
                    let index = Int.random(in: 0..<files.count, using: &sources.random)
                    try fixture.remove(files.remove(at: index))
                case 6 where !files.isEmpty:
                    let index = Int.random(in: 0..<files.count, using: &sources.random)
                    let old = files[index]
                    let new = "\(sources.pick(folders))/Moved\(counter).\(old.hasSuffix(".xib") ? "xib" : "swift")"
                    counter += 1
                    try FileManager.default.createDirectory(at: fixture.url.appendingPathComponent(new).deletingLastPathComponent(), withIntermediateDirectories: true)
                    // A move on disk, not `git mv`: the file may have been added in this very step, not yet known to git.
                    try FileManager.default.moveItem(at: fixture.url.appendingPathComponent(old), to: fixture.url.appendingPathComponent(new))
                    files[index] = new
                case 7:
                    try fixture.write("Design/Tokens.swift", sources.tokens())
                case 8:
                    if let configuration = sources.configuration() {
                        try fixture.write(".dynatype.json", configuration)
                    } else if FileManager.default.fileExists(atPath: fixture.url.appendingPathComponent(".dynatype.json").path) {
                        try fixture.remove(".dynatype.json")
                    }
                default:
                    // Small edits, the kind incremental parsing starts from a cached tree.
                    guard let path = files.randomElement(using: &sources.random), path.hasSuffix(".swift") else { break }
                    var lines = try String(contentsOf: fixture.url.appendingPathComponent(path), encoding: .utf8).components(separatedBy: "\n")
                    let at = Int.random(in: 0..<lines.count, using: &sources.random)
                    switch Int.random(in: 0..<3, using: &sources.random) {
                    case 0: lines.insert("            Text(\"step \(step)\").font(\(sources.pick([".body", ".system(size: 12)"])))", at: at)
                    case 1: lines.remove(at: at)
                    default: lines.append("// touched \(step)")
                    }
                    try fixture.write(path, lines.joined(separator: "\n"))
                }
            }
            try fixture.commit("step \(step)")
        }
        return fixture
    }
}
