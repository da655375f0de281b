import DynatypeHistory
import DynatypeRules
import Foundation
import Testing

/// The analysis cache `audit`, `check` and `fix` share: it never changes a
/// result, a warm run analyzes only what changed, and a cache that is not
/// one (garbage, truncated, older, a damaged row, another program's file)
/// is never trusted.
@Suite struct AnalysisCacheTests {
    /// A design-system file and screens that use its fonts: an edit to the
    /// fonts alone changes the screens' findings.
    private static let fonts = [
        "extension Font { static let caption9 = Font.system(size: 9) }",
        "extension Font { static let caption9 = Font.caption2 }",
    ]

    private static func screen(_ index: Int, size: Int) -> String {
        """
        import SwiftUI
        struct Screen\(index): View {
            var body: some View {
                VStack {
                    Text("Title \(index)").font(.caption9)
                    Text("Body").font(.system(size: \(size)))
                    HStack { Text("A").lineLimit(1); Text("B") }.frame(height: 44)
                }
            }
        }
        """
    }

    /// Runs `arguments` without a cache and with the cache at `cache`, and
    /// expects the same bytes and status.
    private func expectSameWithAndWithoutCache(_ arguments: [String], in folder: URL, cache: URL, _ comment: String) throws {
        let cold = try runDynatype(arguments + ["--no-cache"], in: folder)
        let warm = try runDynatype(arguments + ["--cache-path", cache.path], in: folder)
        #expect(warm.stdout == cold.stdout, "\(comment): \(arguments.joined(separator: " ")) differs with the cache")
        #expect(warm.status == cold.status, "\(comment)")
        #expect(!warm.stderr.contains("analysis cache"), "\(warm.stderr)")
    }

    @Test func coldAndWarmRunsAreByteIdenticalOverEdits() throws {
        let repository = try GitFixture()
        try repository.write("App/Fonts.swift", "import SwiftUI\n" + Self.fonts[0])
        for index in 0..<4 { try repository.write("App/Screen\(index).swift", Self.screen(index, size: 12 + index)) }
        try repository.commit("Screens")
        let cache = repository.folder.url.appendingPathComponent("cache/analyses.sqlite")
        var random = SeededGenerator(seed: 7)
        for step in 0..<10 {
            let target = Int.random(in: 0..<5, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            // Only another file's definitions change: the screens' bytes, and so their cached analyses, stay.
            case 0: try repository.write("App/Fonts.swift", "import SwiftUI\n" + Self.fonts[step % 2])
            case 1: try repository.write("App/Screen\(target).swift", Self.screen(target, size: Int.random(in: 9...40, using: &random)))
            case 2: try? repository.remove("App/Screen\(target).swift")
            default: try repository.write("App/Screen\(target + 5).swift", Self.screen(target, size: 14))
            }
            let comment = "step \(step)"
            try expectSameWithAndWithoutCache(["audit", "--format", "json"], in: repository.url, cache: cache, comment)
            try expectSameWithAndWithoutCache(["fix", "--dry-run"], in: repository.url, cache: cache, comment)
            try expectSameWithAndWithoutCache(["check", "--base", "HEAD", "--format", "json"], in: repository.url, cache: cache, comment)
            if step % 3 == 2 { try repository.commit("Step \(step)") }
        }
    }

    private func rows(_ cache: URL) throws -> Int {
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from analyses').fetchone()[0])", cache.path]
        )
        return try #require(Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(result.stderr)")
    }

    @Test func aWarmRunAnalyzesOnlyTheFilesWhoseContentChanged() throws {
        let folder = try TemporaryDirectory()
        for index in 0..<6 { try folder.write("App/Screen\(index).swift", Self.screen(index, size: 12)) }
        let cache = folder.url.appendingPathComponent("analyses.sqlite")
        let audit = { try runDynatype(["audit", "--cache-path", cache.path, "App"], in: folder.url) }
        _ = try audit()
        #expect(try rows(cache) == 6)
        _ = try audit()
        #expect(try rows(cache) == 6, "a warm run adds nothing")
        try folder.write("App/Screen2.swift", Self.screen(2, size: 30))
        _ = try audit()
        #expect(try rows(cache) == 7, "one file changed: one analysis made")
        // The same content in another file is the same analysis.
        try folder.write("App/Copy.swift", Self.screen(2, size: 30))
        _ = try audit()
        #expect(try rows(cache) == 7)
    }

    private func defaultCacheFile(home: URL, project: URL) throws -> URL {
        let folder = home.appendingPathComponent("dynatype")
        let projects = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(project.lastPathComponent + "-") }
        #expect(projects.count == 1)
        return folder.appendingPathComponent(try #require(projects.first)).appendingPathComponent("analyses.sqlite")
    }

    private func applicationID(_ file: URL) throws -> String {
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('pragma application_id').fetchone()[0])", file.path]
        )
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aDamagedCacheInTheDefaultPlaceIsReplacedAndNeverTrusted() throws {
        let folder = try TemporaryDirectory()
        let project = folder.url.appendingPathComponent("Project")
        for index in 0..<3 { _ = try folder.write("Project/Screen\(index).swift", Self.screen(index, size: 12)) }
        let home = folder.url.appendingPathComponent("xdg")
        let environment = ["XDG_CACHE_HOME": home.path]
        let expected = try runDynatype(["audit", "--format", "json", "--no-cache"], in: project, environment: environment)
        #expect(!FileManager.default.fileExists(atPath: home.path), "--no-cache writes no cache")
        let audit = { try runDynatype(["audit", "--format", "json"], in: project, environment: environment) }
        #expect(try audit().stdout == expected.stdout)
        let file = try defaultCacheFile(home: home, project: project)
        #expect(try applicationID(file) == "\(0x6479_7463)")
        let valid = try Data(contentsOf: file)

        let damages: [(String, () throws -> Void)] = [
            ("garbage", { try Data(repeating: 0x5A, count: 8_192).write(to: file) }),
            ("truncated", { try valid.prefix(valid.count / 2).write(to: file) }),
            ("an older format", { try self.sql(file, "PRAGMA user_version = 0") }),
            ("a damaged row", { try self.sql(file, "UPDATE analyses SET payload = X'7B7D'") }),
            ("another program's database", {
                try FileManager.default.removeItem(at: file)
                try self.sql(file, "CREATE TABLE notes (text TEXT)")
            }),
        ]
        for (damage, apply) in damages {
            try? FileManager.default.removeItem(atPath: file.path + "-wal")
            try? FileManager.default.removeItem(atPath: file.path + "-shm")
            try apply()
            let result = try audit()
            #expect(result.stdout == expected.stdout, "\(damage): the result changed")
            #expect(result.status == 1, "\(damage): \(result.stderr)")
            #expect(try applicationID(file) == "\(0x6479_7463)", "\(damage): the cache was not rebuilt")
            #expect(try audit().stdout == expected.stdout, "\(damage): the rebuilt cache changed the result")
        }
    }

    private func sql(_ file: URL, _ statement: String) throws {
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()", file.path, statement]
        )
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aNamedPathHoldingSomethingElseIsLeftAsItIs() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write("App/Screen.swift", Self.screen(0, size: 12))
        let notes = try folder.write("notes.txt", "my notes, not a cache\n")
        let result = try runDynatype(["audit", "--cache-path", notes.path, "App"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("not using the analysis cache: \(notes.path) is not a dynatype analysis cache"), "\(result.stderr)")
        #expect(try String(contentsOf: notes, encoding: .utf8) == "my notes, not a cache\n")
        #expect(result.stdout == (try runDynatype(["audit", "--no-cache", "App"], in: folder.url)).stdout)
    }

    @Test func concurrentRunsShareOneCache() throws {
        let folder = try TemporaryDirectory()
        for index in 0..<12 { _ = try folder.write("App/Screen\(index).swift", Self.screen(index, size: 10 + index)) }
        let cache = folder.url.appendingPathComponent("shared.sqlite")
        let expected = try runDynatype(["audit", "--format", "json", "--no-cache", "App"], in: folder.url).stdout
        let results = ResultBox()
        let project = folder.url
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let result = try? runDynatype(["audit", "--format", "json", "--cache-path", cache.path, "App"], in: project)
            results.append(result)
        }
        #expect(results.values.count == 4)
        for result in results.values {
            #expect(result?.stdout == expected)
            #expect(result?.stderr.isEmpty == true, "\(result?.stderr ?? "")")
        }
        #expect(try rows(cache) == 12)
    }

    @Test func theLeastRecentlyUsedAnalysesGoFirstPastTheBudget() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("small.sqlite").path
        let analysis = SwiftFileAnalyzer().analyze(source: Self.screen(0, size: 12))
        let keys = (0..<6).map { AnalysisCacheFile.Key(content: "blob\($0)", analyzer: SwiftFileAnalyzer.version) }
        let entry = { (key: AnalysisCacheFile.Key) in try AnalysisCacheFile.Entry(key: key, analysis: analysis) }
        let single = try entry(keys[0]).bytes
        // Room for four analyses.
        var cache: AnalysisCacheFile? = try AnalysisCacheFile(path: path, budgetBytes: single * 4, replacingForeignFiles: false)
        cache?.store(try keys.prefix(4).map(entry))
        cache = nil
        // A later run reads the first two, then adds two more: the two it did not read go.
        cache = try AnalysisCacheFile(path: path, budgetBytes: single * 4, replacingForeignFiles: false)
        #expect(cache?.analyses(for: Array(keys.prefix(2))).count == 2)
        cache?.store(try keys.suffix(2).map(entry))
        let left = cache?.analyses(for: keys) ?? [:]
        #expect(Set(left.keys) == Set([keys[0], keys[1], keys[4], keys[5]]))
        #expect(left[keys[0]] == analysis)
    }
}

/// Results collected from concurrent work.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [ProcessResult?] = []

    func append(_ value: ProcessResult?) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }
}
