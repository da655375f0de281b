import DynatypeGit
import Foundation
import Testing

/// The history's own walk of two trees reports what libgit2's diff reports.
@Suite struct TreeDiffTests {
    /// The patterns a history diffs by, which the walk handles.
    static let simple = ["*.swift", "*.xib", "*.storyboard", ".dynatype.json"]
    /// The same files as patterns only libgit2 handles (a bracket is a
    /// wildcard), so the comparison goes through the public API both ways.
    static let libgit2Only = ["*.[s]wift", "*.[x]ib", "*.[s]toryboard", "[.]dynatype.json"]

    @Test(arguments: [11, 12, 13] as [UInt64])
    func theWalkReportsWhatLibgit2Reports(seed: UInt64) throws {
        let fixture = try GitFixture()
        var random = SeededGenerator(seed: seed)
        var files: [String: String] = [:]
        var commits: [String] = []
        let folders = ["", "App/", "App/Views/", "App/Views/Cells/", "Kit/", "Kit/Sources/", "Docs/", "x.swift/"]
        let names = ["Main.swift", "Row.swift", "Cell.xib", "Board.storyboard", "notes.txt", "Model.swift", ".dynatype.json"]
        for step in 0..<40 {
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                try Self.change(fixture, &files, folders: folders, names: names, step: step, random: &random)
            }
            commits.append(try fixture.commit("step \(step)"))
        }
        let repository = try Repository(at: fixture.url)
        let ids = commits.map { ObjectID(hex: $0)! }
        // Each commit from its parent (the root from nothing), and state
        // moves between arbitrary commits.
        var pairs: [(ObjectID?, ObjectID)] = [(nil, ids[0])] + zip(ids, ids.dropFirst()).map { ($0, $1) }
        for _ in 0..<40 { pairs.append((ids.randomElement(using: &random)!, ids.randomElement(using: &random)!)) }
        var reported = 0
        for (old, new) in pairs {
            let walked = try repository.changes(from: old, to: new, patterns: Self.simple)
            let diffed = try repository.changes(from: old, to: new, patterns: Self.libgit2Only)
            #expect(walked == diffed, "\(old?.short ?? "root")..\(new.short)")
            reported += walked.count
        }
        #expect(reported > 100)
    }

    /// One random edit of the kinds commits make: add, modify, delete,
    /// rename, make executable, turn into a link, delete or move a folder.
    private static func change(
        _ fixture: GitFixture, _ files: inout [String: String], folders: [String], names: [String], step: Int,
        random: inout SeededGenerator
    ) throws {
        let existing = files.keys.sorted()
        // git mv and git rm work on what is staged.
        try fixture.git(["add", "-A"])
        switch existing.isEmpty ? 0 : Int.random(in: 0..<10, using: &random) {
        case 0...3:
            let path = folders.randomElement(using: &random)! + names.randomElement(using: &random)!
            // A path under a file (or a file where a folder is) is left alone.
            guard !files.keys.contains(where: { path.hasPrefix($0 + "/") || $0.hasPrefix(path + "/") }) else { return }
            files[path] = "// \(path) \(step) \(Int.random(in: 0..<1000, using: &random))\n"
            try fixture.write(path, files[path]!)
        case 4, 5:
            let path = existing.randomElement(using: &random)!
            files[path]! += "let v\(step) = \(step)\n"
            try fixture.write(path, files[path]!)
        case 6:
            let path = existing.randomElement(using: &random)!
            files[path] = nil
            try fixture.remove(path)
        case 7:
            let path = existing.randomElement(using: &random)!
            let target = path.replacingOccurrences(of: ".", with: "Moved.", options: .backwards, range: path.range(of: ".", options: .backwards))
            guard files[target] == nil, !path.hasSuffix(".dynatype.json") else { return }
            try fixture.git(["mv", path, target])
            files[target] = files.removeValue(forKey: path)
        case 8:
            let path = existing.randomElement(using: &random)!
            if Bool.random(using: &random) {
                try fixture.git(["update-index", "--add", "--chmod=+x", path])
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fixture.url.appendingPathComponent(path).path)
            } else {
                try fixture.remove(path)
                try FileManager.default.createSymbolicLink(atPath: fixture.url.appendingPathComponent(path).path, withDestinationPath: "elsewhere")
                files[path] = nil
            }
        default:
            let folder = folders.dropFirst().randomElement(using: &random)!
            let inside = existing.filter { $0.hasPrefix(folder) }
            let moved = String(folder.dropLast()) + "Moved/"
            guard !inside.isEmpty, !FileManager.default.fileExists(atPath: fixture.url.appendingPathComponent(moved).path) else { return }
            for path in inside { files[path] = nil }
            if Bool.random(using: &random) {
                try fixture.git(["rm", "-r", "-q", "-f", folder])
            } else {
                try fixture.git(["mv", folder, moved])
            }
        }
    }
}
