@testable import DynatypeEngine
import DynatypeGit
import DynatypeHistory
@testable import DynatypeRules
import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// The speed-ups change no result: incremental parsing gives the full
/// parse's tree, the memo and the prefilter give the full analysis, and the
/// cached, parallel scan records what the naive scan records.
@Suite struct EquivalenceTests {
    /// Swift sources shaped like real ones: the corpus, the catalogue's
    /// examples and random views, tokens and UIKit classes.
    static let sources: [String] = {
        let cases = corpusFolder.appendingPathComponent("cases")
        let corpus = (FileManager.default.enumerator(atPath: cases.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
            .compactMap { try? String(contentsOf: cases.appendingPathComponent($0), encoding: .utf8) }
        let examples = RuleCatalogue.all.flatMap { $0.triggering + $0.nonTriggering }
            .filter { $0.fileName.hasSuffix(".swift") }.map { $0.unmarked.code }
        var random = RandomSources(random: SeededGenerator(seed: 7))
        let generated = (0..<6).flatMap { [random.view(named: "View\($0)"), random.uiKit(named: "Cell\($0)")] } + [random.tokens()]
        return corpus + examples + generated
    }()

    /// Edits of the kinds commits make, as functions of a file's lines.
    static let edits: [(name: String, apply: @Sendable ([String]) -> [String])] = [
        ("insert at the start", { ["// header"] + $0 }),
        ("insert at the end", { $0 + ["let appended = Font.system(size: 12)"] }),
        ("insert in the middle", { $0.inserting("        Text(\"new\").font(.system(size: 11))", at: $0.count / 2) }),
        ("delete the first line", { Array($0.dropFirst()) }),
        ("delete the last lines", { Array($0.dropLast(min(2, $0.count))) }),
        ("delete in the middle", { $0.count > 2 ? $0.removing(at: $0.count / 2) : $0 }),
        ("edit inside a string", { $0.map { $0.replacingOccurrences(of: "\"", with: "\"edited ", options: [], range: $0.range(of: "\"")) } }),
        ("edit inside a comment", { $0.map { $0.hasPrefix("//") || $0.contains("// ") ? $0 + " (edited)" : $0 } }),
        ("open a block comment", { $0.inserting("/* unfinished", at: $0.count / 3) }),
        ("open a string", { $0.inserting("let broken = \"unterminated", at: $0.count / 2) }),
        ("unbalance braces", { $0.inserting("    func extra() {", at: $0.count / 2) }),
        ("change a font everywhere", { $0.map { $0.replacingOccurrences(of: ".body", with: ".system(size: 17)") } }),
        ("several hunks", { lines in lines.enumerated().map { $0.offset % 7 == 3 ? $0.element + " // \($0.offset)" : $0.element } }),
        ("rewrite the whole file", { _ in EquivalenceTests.sources[0].components(separatedBy: "\n") }),
        // Other units read these values by the property's name.
        ("change the properties' numbers", { $0.map { EquivalenceTests.declaresProperty($0) ? EquivalenceTests.shiftingDigits($0) : $0 } }),
    ]

    static func declaresProperty(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        return line.contains("=") && words.prefix(3).contains { $0 == "let" || $0 == "var" }
    }

    static func shiftingDigits(_ line: String) -> String {
        String(line.map { character in character.wholeNumberValue.map { Character(String(($0 + 3) % 10)) } ?? character })
    }

    /// Blob ids and line hunks from libgit2, as the history gets them.
    final class Blobs {
        let fixture: GitFixture
        let repository: Repository

        init() throws {
            fixture = try GitFixture()
            repository = try Repository(at: fixture.url)
        }

        func store(_ texts: [String]) throws -> [ObjectID] {
            let files = try texts.enumerated().map { index, text -> String in
                let url = fixture.folder.url.appendingPathComponent("blob-\(index)")
                try Data(text.utf8).write(to: url)
                return url.path
            }
            return try fixture.git(["hash-object", "-w"] + files).split(separator: "\n").map { try #require(ObjectID(hex: String($0))) }
        }
    }

    /// A structural signature of a tree: every node's kind and range.
    static func signature(_ tree: SourceFileSyntax) -> [String] {
        let collector = NodeCollector(viewMode: .all)
        collector.walk(tree)
        return collector.nodes
    }

    final class NodeCollector: SyntaxAnyVisitor {
        var nodes: [String] = []
        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            nodes.append("\(node.kind) \(node.position.utf8Offset) \(node.totalLength.utf8Length)")
            return .visitChildren
        }
    }

    @Test func incrementalParsesEqualFullParsesAndTheirAnalyses() throws {
        let blobs = try Blobs()
        let pairs = Self.sources.flatMap { source in
            Self.edits.map { edit in (edit.name, source, edit.apply(source.components(separatedBy: "\n")).joined(separator: "\n")) }
        }.filter { $0.1 != $0.2 }
        let ids = try blobs.store(pairs.flatMap { [$0.1, $0.2] })
        let trees = SyntaxTreeCache(limitBytes: 1 << 30)
        let cached = FileAnalyzer(trees: trees, memo: AnalysisMemo(), prefilter: false)
        let plain = FileAnalyzer(prefilter: false)
        var incremental = 0
        for (index, (name, old, new)) in pairs.enumerated() {
            let (oldID, newID) = (ids[2 * index], ids[2 * index + 1])
            let hunks = try LineHunk.between(Array(old.utf8), Array(new.utf8))
            // The edits from libgit2's hunks must be exact, or this test would
            // compare two full parses.
            #expect(SourceEdits.edits(for: hunks, old: Array(old.utf8), new: Array(new.utf8)) != nil, "\(name): hunks do not rebuild the new version")
            _ = cached.analyze(Data(old.utf8), kind: .swift, blob: oldID.hex)
            let before = trees.incrementalParses
            let outcome = cached.analyze(Data(new.utf8), kind: .swift, blob: newID.hex, previous: PreviousVersion(blob: oldID.hex))
            #expect(trees.incrementalParses == before + 1, "\(name): not parsed incrementally")
            let tree = try #require(trees.base(for: newID.hex)).result.tree
            let full = Parser.parse(source: new)
            #expect(tree.description == new, "\(name): the incremental tree's text is not the new source")
            #expect(Self.signature(tree) == Self.signature(full), "\(name): the incremental tree differs from the full parse")
            #expect(outcome.analysis == plain.analyze(Data(new.utf8), kind: .swift).analysis, "\(name): the analysis differs")
            incremental += 1
        }
        #expect(incremental == pairs.count)
        #expect(incremental > 500)
    }

    @Test func thePrefilterNeverChangesAnAnalysis() throws {
        var random = SeededGenerator(seed: 11)
        // Each source, and versions of it with lines dropped at random, so
        // files near the prefilter's boundary (one trigger left) are covered.
        var variants: [String] = []
        for source in Self.sources {
            let lines = source.components(separatedBy: "\n")
            variants.append(source)
            for _ in 0..<4 { variants.append(lines.filter { _ in Int.random(in: 0..<3, using: &random) > 0 }.joined(separator: "\n")) }
            // Lines commented out, which the prefilter does not read.
            variants.append(lines.map { Int.random(in: 0..<3, using: &random) > 0 ? "// " + $0 : $0 }.joined(separator: "\n"))
            variants.append("/*\n" + lines.prefix(lines.count / 2).joined(separator: "\n") + "\n*/\n" + lines.dropFirst(lines.count / 2).joined(separator: "\n"))
            variants += lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0 }
        }
        var skipped = 0
        for variant in variants {
            let bytes = Array(variant.utf8)
            let parse = { bytes.withUnsafeBufferPointer { Parser.parse(source: $0) } }
            let filtered = SwiftFileAnalyzer().analyze(bytes: bytes, prefilter: true, parse: parse)
            let full = SwiftFileAnalyzer().analyze(bytes: bytes, prefilter: false, parse: parse)
            #expect(filtered == full, "the prefilter changed the analysis of:\n\(variant)")
            if !SourcePrefilter.mayMatter(bytes) { skipped += 1 }
        }
        // The property is only worth something if the prefilter does skip files.
        #expect(skipped > variants.count / 10)
    }

    @Test func familiesThatReportTextNeedTextInTheFile() {
        // Real shapes of files that mention a trigger but show no text: a
        // view model's `lineLimit`, a layout helper's frames and stacks.
        let skipped = [
            "final class RowModel { var lineLimit: Int? = 1 }",
            "struct Shell: View { var body: some View { HStack { Avatar(); Spacer() }.frame(height: 44).lineLimit(1) } }",
            "let frame = CGRect.zero\nfunc layout(_ view: UIView) { view.frame = frame }",
            // Names that end like text view classes, but are no class.
            "final class Preferences { var showTranslateButton: Bool = true; let emptyLabel: String = \"\" }",
            // Text only in prose: a word of a comment, commented-out code, a string.
            "enum Pixel {\n    case iframeLoaded // Text size is the legacy name\n    case frameDropped\n}",
            "struct Shell: View {\n    var body: some View { Color.red.frame(height: 44) }\n    /* Text(\"old\").font(.system(size: 12)) */\n}",
            "enum UserText {\n    static let open = NSLocalizedString(\"open\", value: \"Open\", comment: \"Button: shows the Text.font(.body)\")\n}",
            // A member's name, which labels no argument.
            "enum Event {\n    case customize\n    var name: String { switch self { case .customize: return \"m_customize\" } }\n}",
        ]
        let kept = [
            "struct Icon: View { var body: some View { Image(systemName: \"star\").frame(width: 20, height: 20) } }",
            "struct Row: View { var body: some View { HStack { Text(a); Text(b) } } }",
            "struct Title: View { var body: some View { Label(title, systemImage: \"x\").lineLimit(1) } }",
            "struct Box: View { var body: some View { Avatar().minimumScaleFactor(0.5) } }",
            // A text view subclass of a class of the audited code: other files learn what it is.
            "final class PillLabel: BaseLabel {}",
            "public class\tPrimaryButton : UIControl {}",
            // What looks like a comment inside a string is code, and so is an interpolation.
            "let link = \"https://example.com\"; let title = Text(link).font(.system(size: 12))",
            "let title = \"\\(Text(\"a\").font(.system(size: 12)))\"",
            // A size passed to a view.
            "struct Badge: View { var body: some View { Avatar(iconSize: 24) } }",
            // A suppression is a comment: reported when it suppresses nothing.
            "// dynatype:disable:next fixed_font_size\nlet count = 1",
        ]
        for source in skipped {
            let bytes = Array(source.utf8)
            #expect(!SourcePrefilter.mayMatter(bytes), "should be skipped: \(source)")
            let full = SwiftFileAnalyzer().analyze(bytes: bytes, prefilter: false) { Parser.parse(source: source) }
            #expect(full == FileAnalysis(language: .swift), "skipped, yet the full analysis finds something: \(source)")
        }
        for source in kept {
            #expect(SourcePrefilter.mayMatter(Array(source.utf8)), "should be parsed: \(source)")
        }
    }

    @Test func trimmedTextIsTrimmedDescription() {
        final class Texts: SyntaxAnyVisitor {
            var mismatches: [String] = []
            var nodes = 0
            override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
                nodes += 1
                if node.trimmedText != node.trimmedDescription { mismatches.append("\(node.kind): \(node.trimmedDescription)") }
                return .visitChildren
            }
        }
        // Whole sources and broken versions of them (cut in the middle of a
        // string, a comment, a call), where the parser makes missing tokens.
        var sources = Self.sources
        for source in Self.sources.prefix(60) { for cut in [3, 2] { sources.append(String(source.utf8.prefix(source.utf8.count / cut))!) } }
        let texts = Texts(viewMode: .sourceAccurate)
        for source in sources { texts.walk(Parser.parse(source: source)) }
        #expect(texts.mismatches.isEmpty, "\(texts.mismatches.prefix(5))")
        #expect(texts.nodes > 30_000)
    }

    @Test func theLineTableNumbersPositionsAsSwiftSyntaxDoes() {
        // Line ends of every kind, in code, comments and multi-line strings,
        // non-ASCII text and a byte-order mark.
        let awkward = [
            "let a = 1\r\nlet b = 2\rlet c = 3\n\n\r\n",
            "\u{FEFF}struct S {\r\n    let s = \"\"\"\r\n    é\r    ü\n    \"\"\"\n}\n",
            "/* a\r\nb */ let x = \"ß\" // c\rlet y = 2",
            "",
        ]
        var positions = 0
        for source in Self.sources + awkward {
            let tree = Parser.parse(source: source)
            let converter = SourceLocationConverter(fileName: "", tree: tree)
            let table = LineTable(Array(source.utf8))
            for token in tree.tokens(viewMode: .sourceAccurate) {
                for position in [token.position, token.positionAfterSkippingLeadingTrivia, token.endPositionBeforeTrailingTrivia] {
                    let expected = converter.location(for: position)
                    let found = table.location(for: position)
                    #expect(found.line == expected.line && found.column == expected.column, "\(position) in \(source.prefix(80))")
                    positions += 1
                }
            }
        }
        #expect(positions > 30_000)
    }

    @Test func theTriggerTableFindsWhatAPlainSearchFinds() {
        // Some share their first two bytes, so they are compared from one bucket.
        let triggers: [Trigger] = ["font =", "font=", "frame", "frames", .word("Text"), "Texture", .word("Image"), "dynatype:"]
        let matcher = TriggerMatcher(triggers)
        func plain(_ text: [UInt8]) -> Bool {
            triggers.contains { trigger in
                let word = Array(trigger.text.utf8)
                guard text.count >= word.count else { return false }
                return (0...(text.count - word.count)).contains { start in
                    Array(text[start..<(start + word.count)]) == word
                        && (!trigger.startsWord || start == 0 || !(text[start - 1] == 0x5F || Character(UnicodeScalar(text[start - 1])).isLetter
                            || Character(UnicodeScalar(text[start - 1])).isNumber))
                }
            }
        }
        // Fragments of the triggers and their neighbours, so near misses
        // (`fram`, `statusText`, `font=`) are common.
        let pieces = ["fo", "nt", " =", "=", "fra", "me", "s", "Te", "xt", "ure", "status", "Im", "age", "_", "dyna", "type", ":", " ", "\n", "x"]
        var random = SeededGenerator(seed: 5)
        var found = 0
        for _ in 0..<3_000 {
            let text = Array((0..<Int.random(in: 0..<24, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined().utf8)
            #expect(matcher.scan(text[...]) { _ in true } == plain(text), "\(String(decoding: text, as: UTF8.self))")
            if plain(text) { found += 1 }
        }
        #expect(found > 120)
    }

    /// Each version parsed from the last one's tree, as a scan does along a
    /// file's history: later generations reuse what earlier ones reused whole.
    @Test func chainsOfIncrementalParsesEqualFullParses() throws {
        let blobs = try Blobs()
        let trees = SyntaxTreeCache(limitBytes: 1 << 30)
        let cached = FileAnalyzer(trees: trees, memo: AnalysisMemo(), prefilter: false)
        var generations = 0
        for source in Self.sources.prefix(30) {
            var version = source
            var id = try blobs.store([version])[0]
            _ = cached.analyze(Data(version.utf8), kind: .swift, blob: id.hex)
            for edit in Self.edits {
                let next = edit.apply(version.components(separatedBy: "\n")).joined(separator: "\n")
                guard next != version else { continue }
                let nextID = try blobs.store([next])[0]
                _ = cached.analyze(Data(next.utf8), kind: .swift, blob: nextID.hex, previous: PreviousVersion(blob: id.hex))
                let entry = try #require(trees.base(for: nextID.hex))
                #expect(Self.signature(entry.result.tree) == Self.signature(Parser.parse(source: next)), "after \(edit.name)")
                generations = max(generations, entry.generation)
                (version, id) = (next, nextID)
            }
        }
        #expect(generations >= 4)
    }

    @Test func theMemoGivesTheAnalysisOfAFreshWalk() throws {
        let memo = AnalysisMemo()
        var versions: [String] = []
        for source in Self.sources.prefix(40) {
            versions.append(source)
            versions += Self.edits.map { $0.apply(source.components(separatedBy: "\n")).joined(separator: "\n") }
        }
        for version in versions {
            #expect(SwiftFileAnalyzer(memo: memo).analyze(source: version) == SwiftFileAnalyzer().analyze(source: version))
        }
        #expect(memo.hits > 0)
    }

    /// A unit's memo key takes what it reads of other declarations: the
    /// value of its type's property, another type's constant, a file-scope
    /// constant, each read by name, and of names they name in turn.
    @Test func aMemoizedUnitFollowsTheDeclarationsItNames() {
        let template = """
            import SwiftUI
            import UIKit

            let iconSize: CGFloat = SIZE
            enum Metrics { static let row: CGFloat = SIZE }
            extension CGFloat { static let caption: CGFloat = SIZE }
            enum Base { static let size: CGFloat = SIZE }

            struct Card: View {
                private let titleSize: CGFloat = SIZE
                private let derived: CGFloat = Base.size
                var body: some View {
                    VStack {
                        Text("a").font(.system(size: titleSize))
                        Text("b").font(.system(size: Metrics.row))
                        Text("c").font(.system(size: .caption))
                        Text("d").font(.system(size: iconSize))
                        Text("e").font(.system(size: derived))
                    }
                }
            }

            final class Cell: UITableViewCell {
                let label = UILabel()
                func configure() { label.font = .systemFont(ofSize: Metrics.row) }
            }
            """
        let memo = AnalysisMemo()
        var fixes: Set<String> = []
        for size in ["28", "17", "34", "11", "17"] {
            let source = template.replacingOccurrences(of: "SIZE", with: size)
            let memoized = SwiftFileAnalyzer(memo: memo).analyze(source: source)
            #expect(memoized == SwiftFileAnalyzer().analyze(source: source), "with size \(size)")
            fixes.formUnion(memoized.findings.map(\.fix))
        }
        #expect(fixes.count >= 4, "the sizes should suggest different styles: \(fixes)")
        #expect(memo.hits > 0)
    }

    /// Where a declaration is counts too: lookups search a type's own
    /// members, file-scope constants before the type, and a modifier's
    /// `body(content:)` reads every stored property, inside `#if` too.
    @Test func aMemoizedUnitFollowsWhereTheDeclarationsItNamesAre() {
        let card = "struct Card: View {\nHEADER    var body: some View { header.frame(height: 44) }\n}\nextension Card {\nEXTENSION}\n"
        let header = "    var header: some View { Text(\"Title\") }\n"
        let badge = "struct Badge: View {\n    var body: some View { Text(\"1\").font(.system(size: badgeSize)) }\n}\n"
        let modifier = """
            struct Caption: ViewModifier {
                var size: CGFloat
            EXTRA    #if os(iOS)
                func body(content: Content) -> some View { content.font(.system(size: size)) }
                #endif
            }
            struct Row: View { var body: some View { Text("a").modifier(Caption(size: 12)) } }

            """
        let versions = [
            card.replacingOccurrences(of: "HEADER", with: header).replacingOccurrences(of: "EXTENSION", with: ""),
            card.replacingOccurrences(of: "HEADER", with: "").replacingOccurrences(of: "EXTENSION", with: header),
            card.replacingOccurrences(of: "HEADER", with: "#if os(iOS)\n" + header + "#endif\n").replacingOccurrences(of: "EXTENSION", with: ""),
            badge + "let badgeSize: CGFloat = 11\n",
            "let badgeSize: CGFloat = 11\n" + badge,
            modifier.replacingOccurrences(of: "EXTRA", with: ""),
            modifier.replacingOccurrences(of: "EXTRA", with: "    var color: Color = .primary\n"),
        ].map { "import SwiftUI\n\n" + $0 }
        let memo = AnalysisMemo()
        for version in versions + versions.reversed() {
            #expect(SwiftFileAnalyzer(memo: memo).analyze(source: version) == SwiftFileAnalyzer().analyze(source: version), "\(version)")
        }
        #expect(memo.hits > 0)
    }

    @Test(arguments: [4, 5] as [UInt64])
    func cachedAndParallelScansRecordWhatTheNaiveScanRecords(seed: UInt64) throws {
        let fixture = try RandomHistory.make(seed: seed, steps: 30)
        func scan(
            _ mode: CacheMode, threads: Int, window: Int, treeBudget: Int = HistoryEngine.defaultTreeLimitBytes, horizon: Int = 1024
        ) throws -> (records: [CommitRecord], changes: [String: [String]], fingerprints: [String]) {
            let path = fixture.folder.url.appendingPathComponent("\(mode.rawValue)-\(threads)-\(window)-\(treeBudget)-\(horizon).sqlite").path
            let store = try SQLiteHistoryStore(path: path)
            let engine = HistoryEngine(
                repository: try Repository(at: fixture.url), store: store, threads: threads, cache: mode, treeLimitBytes: treeBudget
            )
            let scanner = HistoryScanner(engine: engine)
            scanner.prefetchWindow = window
            scanner.forecastHorizon = horizon
            let result = try scanner.run(try scanner.plan(refs: ["HEAD"], limit: .newCommits))
            #expect(result.failed == 0)
            let records = try store.allCommits()
            var changes: [String: [String]] = [:]
            for record in records {
                changes[record.sha] = try store.findingChanges(of: record.sha).map { "\($0.kind) \($0.fingerprint) \($0.path):\($0.line)" }.sorted()
            }
            let tip = try engine.state(of: engine.repository.resolveCommit("HEAD"))
            return (records, changes, tip.files.values.flatMap(\.fingerprints).sorted())
        }
        let naive = try scan(.none, threads: 1, window: 48)
        #expect(naive.records.count > 30)
        // The last: a tree cache too small for the history, evicting by a forecast shorter than it.
        for (mode, threads, window, treeBudget, horizon) in [
            (CacheMode.blobs, 2, 48, HistoryEngine.defaultTreeLimitBytes, 1024), (.all, 2, 48, HistoryEngine.defaultTreeLimitBytes, 1024),
            (.all, 2, 3, HistoryEngine.defaultTreeLimitBytes, 1024), (.all, 1, 2, HistoryEngine.defaultTreeLimitBytes, 1024),
            (.all, 2, 2, 96 << 10, 5),
        ] {
            let other = try scan(mode, threads: threads, window: window, treeBudget: treeBudget, horizon: horizon)
            let label = "\(mode) on \(threads) threads, window \(window), \(treeBudget >> 10) KB of trees, forecast \(horizon)"
            #expect(other.records.map(\.sha) == naive.records.map(\.sha), "\(label): commit order")
            for (mine, theirs) in zip(other.records, naive.records) {
                #expect(mine.summary == theirs.summary, "\(label): summary of \(mine.title)")
                #expect(mine.introduced == theirs.introduced && mine.fixed == theirs.fixed, "\(label): changes of \(mine.title)")
                #expect(other.changes[mine.sha] == naive.changes[theirs.sha], "\(label): findings of \(mine.title)")
            }
            #expect(other.fingerprints == naive.fingerprints, "\(label): fingerprints at HEAD")
        }
    }
}

extension Array {
    func inserting(_ element: Element, at index: Int) -> [Element] {
        var copy = self
        copy.insert(element, at: Swift.min(index, count))
        return copy
    }

    func removing(at index: Int) -> [Element] {
        var copy = self
        copy.remove(at: index)
        return copy
    }
}

extension FileAnalyzer.Outcome {
    var analysis: FileAnalysis? {
        if case .analyzed(let analysis) = self { return analysis }
        return nil
    }
}
