import Foundation

/// A repository the benchmark generates itself, so it runs on a machine
/// with no fetched app: N files of SwiftUI views, UIKit cells and a design
/// system, then M commits of the edits real histories have (a line changed,
/// a modifier added, a member added, a file added or renamed).
struct SyntheticRepository {
    let files: Int
    let commits: Int
    private var random = SplitMix(state: 0x5EED)

    init(files: Int, commits: Int) {
        self.files = files
        self.commits = commits
    }

    struct SplitMix {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    private mutating func pick(_ options: [String]) -> String { options[random.next(options.count)] }

    private mutating func row(_ index: Int) -> String {
        let font = pick([".body", ".headline", ".subheadline", ".caption", ".system(size: \(11 + random.next(20)))", ".brandTitle", ".custom(\"Inter\", size: 15, relativeTo: .body)"])
        let extra = pick(["", ".lineLimit(2)", ".foregroundStyle(.secondary)", ".padding(.horizontal)", ".frame(minHeight: 44)", ".lineLimit(1)"])
        return "            Text(item.title\(index)).font(\(font))\(extra)"
    }

    private mutating func view(_ name: String, rows: Int) -> [String] {
        var lines = ["import SwiftUI", "", "struct \(name): View {", "    let item: Item", "", "    var body: some View {", "        VStack(alignment: .leading, spacing: 8) {"]
        for index in 0..<rows { lines.append(row(index)) }
        lines += ["        }", "        .padding()", "    }", ""]
        for helper in 0..<(2 + random.next(4)) {
            lines += ["    private var detail\(helper): some View {", "        HStack {", "            Image(systemName: \"star\")", row(helper), "        }", "    }", ""]
        }
        lines += ["}", ""]
        return lines
    }

    private mutating func cell(_ name: String) -> [String] {
        let font = pick([".preferredFont(forTextStyle: .body)", "UIFont.systemFont(ofSize: 15)", ".appFont(ofSize: 14)"])
        return [
            "import UIKit", "", "final class \(name): UITableViewCell {", "    private let titleLabel = UILabel()", "",
            "    func configure(title: String) {", "        titleLabel.font = \(font)",
            random.next(2) == 0 ? "        titleLabel.adjustsFontForContentSizeCategory = true" : "        titleLabel.numberOfLines = 0",
            "        titleLabel.text = title", "    }", "}", "",
        ]
    }

    private static let tokens = """
        import SwiftUI
        import UIKit

        extension Font {
            static let brandTitle = Font.custom("Inter-Bold", size: 22, relativeTo: .title2)
        }

        extension UIFont {
            static func appFont(ofSize size: CGFloat) -> UIFont {
                UIFontMetrics.default.scaledFont(for: UIFont(name: "Inter", size: size)!)
            }
        }
        """

    /// Creates the repository with git; returns its path.
    mutating func generate(in folder: URL) throws -> URL {
        let root = folder.appendingPathComponent("synthetic")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Child.git(["init", "-q", "-b", "main"], in: root.path)
        try Child.git(["config", "user.email", "bench@example.com"], in: root.path)
        try Child.git(["config", "user.name", "Bench"], in: root.path)
        var contents: [String: [String]] = ["Design/Tokens.swift": Self.tokens.components(separatedBy: "\n")]
        for index in 0..<files {
            let path = index % 4 == 3 ? "App/Cells/Cell\(index).swift" : "App/Views/Screen\(index).swift"
            contents[path] = index % 4 == 3 ? cell("Cell\(index)") : view("Screen\(index)", rows: 6 + random.next(20))
        }
        try write(contents, to: root)
        try Child.git(["add", "-A"], in: root.path)
        try Child.git(["commit", "-q", "-m", "initial import"], in: root.path)
        for step in 0..<commits {
            var paths = contents.keys.sorted().filter { $0.hasPrefix("App/Views") }
            let path = paths[random.next(paths.count)]
            var lines = contents[path]!
            switch random.next(10) {
            case 0:
                let name = "Added\(step)"
                let added = "App/Views/\(name).swift"
                contents[added] = view(name, rows: 8)
                paths.append(added)
            case 1:
                let moved = path.replacingOccurrences(of: "App/Views/", with: "App/Moved/")
                contents[moved] = lines
                contents[path] = nil
            case 2:
                let at = lines.firstIndex { $0.contains("private var detail") } ?? lines.count - 2
                lines.insert(contentsOf: ["    private var extra\(step): some View {", row(step), "    }", ""], at: at)
                contents[path] = lines
            default:
                let candidates = lines.indices.filter { lines[$0].contains("Text(") }
                let at = candidates[random.next(candidates.count)]
                lines[at] = row(step)
                contents[path] = lines
            }
            try write(contents, to: root)
            try Child.git(["add", "-A"], in: root.path)
            try Child.git(["commit", "-q", "-m", "change \(step)"], in: root.path)
        }
        return root
    }

    private func write(_ contents: [String: [String]], to root: URL) throws {
        // Files no longer listed are removed (renames).
        let manager = FileManager.default
        for folder in ["App", "Design"] {
            let url = root.appendingPathComponent(folder)
            if let enumerator = manager.enumerator(at: url, includingPropertiesForKeys: nil) {
                for case let file as URL in enumerator where file.pathExtension == "swift" {
                    let relative = String(file.path.dropFirst(root.path.count + 1))
                    if contents[relative] == nil { try manager.removeItem(at: file) }
                }
            }
        }
        for (path, lines) in contents {
            let url = root.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let text = lines.joined(separator: "\n")
            if (try? String(contentsOf: url, encoding: .utf8)) != text { try text.write(to: url, atomically: true, encoding: .utf8) }
        }
    }
}
