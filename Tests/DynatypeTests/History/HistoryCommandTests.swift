import DynatypeHistory
import Foundation
import Testing

/// `scan` and the queries through the real binary, on real repositories and a real SQLite file.
@Suite struct HistoryCommandTests {
    func repositoryWithHistory() throws -> GitFixture {
        let fixture = try GitFixture()
        try fixture.write("App/A.swift", Snippets.view("A"))
        try fixture.commit("clean start")
        try fixture.write("App/A.swift", Snippets.fixedView)
        try fixture.commit("hardcode a size")
        try fixture.write("App/A.swift", Snippets.view("A", font: ".title3"))
        try fixture.commit("use a text style")
        return fixture
    }

    @Test func scanThenLogShowDiffTrendAndBlame() throws {
        let fixture = try repositoryWithHistory()
        let scan = try runDynatype(["scan"], in: fixture.url)
        #expect(scan.status == 0)
        #expect(scan.stdout.contains("scanned 3 commits (0 failed)"))
        #expect(FileManager.default.fileExists(atPath: fixture.url.appendingPathComponent(".git/dynatype/history.sqlite").path))

        let log = try runDynatype(["log"], in: fixture.url)
        #expect(log.stdout.split(separator: "\n").count == 4)
        #expect(log.stdout.contains("▼ regression: introduced 1 finding of severity error or above"))
        let logJSON = try JSONSerialization.jsonObject(with: Data(try runDynatype(["log", "--format", "json", "-n", "2"], in: fixture.url).stdout.utf8)) as! [[String: Any]]
        #expect(logJSON.count == 2)
        let head = try fixture.git(["rev-parse", "HEAD"])
        #expect(logJSON[0]["commit"] as? String == head)
        let summary = logJSON[0]["summary"] as! [String: Any]
        for key in ["files_audited", "files_failing", "text_elements", "text_elements_passing", "compliance_ratio", "errors", "warnings", "notes"] {
            #expect(summary[key] != nil, "log summary.\(key)")
        }
        #expect(try runDynatype(["log", "--format", "csv"], in: fixture.url).stdout.hasPrefix("commit,date,author,title,status,compliance,errors"))

        let show = try JSONSerialization.jsonObject(with: Data(try runDynatype(["show", "HEAD~1", "--format", "json"], in: fixture.url).stdout.utf8)) as! [String: Any]
        #expect(show["commit"] as? String == (try fixture.git(["rev-parse", "HEAD~1"])))
        let showSummary = show["summary"] as! [String: Any]
        #expect(showSummary["introduced"] as? Int == 1)
        #expect(showSummary["fixed"] as? Int == 0)
        #expect(showSummary["errors"] as? Int == 1)
        let sarif = try runDynatype(["show", "HEAD~1", "--format", "sarif"], in: fixture.url)
        #expect(sarif.stdout.contains("\"uri\" : \"App/A.swift\""))

        let diff = try runDynatype(["diff", "HEAD~2", "HEAD~1"], in: fixture.url)
        #expect(diff.stdout.contains("Introduced (1)"))
        #expect(diff.stdout.contains("App/A.swift:7"))
        let trend = try runDynatype(["trend", "--by", "day"], in: fixture.url)
        #expect(trend.status == 0)
        #expect(trend.stdout.hasPrefix("compliance "))

        try fixture.write("App/A.swift", Snippets.fixedView)
        try fixture.commit("hardcode again")
        #expect(try runDynatype(["scan"], in: fixture.url).stdout.contains("scanned 1 commit ("))
        let blame = try runDynatype(["blame", "App/A.swift", "--format", "json"], in: fixture.url)
        let entries = try JSONSerialization.jsonObject(with: Data(blame.stdout.utf8)) as! [[String: Any]]
        #expect(entries.count == 1)
        #expect(entries[0]["commit"] as? String == (try fixture.git(["rev-parse", "HEAD"])))
    }

    @Test func badInputGetsAClearMessage() throws {
        let fixture = try repositoryWithHistory()
        let folder = try TemporaryDirectory()
        let notRepository = try runDynatype(["scan"], in: folder.url)
        #expect(notRepository.status == 2)
        #expect(notRepository.stderr.contains("is not a git repository"))
        #expect(try runDynatype(["log"], in: fixture.url).stderr.contains("no history at"))

        try runDynatype(["scan", "--max-commits", "1"], in: fixture.url)
        let unknown = try runDynatype(["show", "nope"], in: fixture.url)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown revision \"nope\""))
        let unaudited = try runDynatype(["show", "HEAD~2"], in: fixture.url)
        #expect(unaudited.status == 2)
        #expect(unaudited.stderr.contains("is not audited yet"))

        let corrupt = try folder.write("corrupt.sqlite", data: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) }))
        let corruptScan = try runDynatype(["scan", "--db", corrupt.path], in: fixture.url)
        #expect(corruptScan.status == 2)
        #expect(corruptScan.stderr.contains("is not an SQLite database"))

        let foreign = folder.url.appendingPathComponent("foreign.sqlite")
        let database = try SQLiteDatabase(path: foreign.path)
        try database.execute("CREATE TABLE invoices (id INTEGER)")
        #expect(try runDynatype(["scan", "--db", foreign.path], in: fixture.url).stderr.contains("not a dynatype history"))

        let newer = folder.url.appendingPathComponent("newer.sqlite")
        _ = try SQLiteHistoryStore(path: newer.path)
        try SQLiteDatabase(path: newer.path).execute("UPDATE dynatype_meta SET value = '99' WHERE key = 'schema_version'")
        #expect(try runDynatype(["log", "--db", newer.path], in: fixture.url).stderr.contains("newer dynatype (history schema 99"))

        let locked = folder.url.appendingPathComponent("locked.sqlite")
        let lock = try HistoryLock(database: locked.path)
        let second = try runDynatype(["scan", "--db", locked.path], in: fixture.url)
        #expect(second.status == 2)
        #expect(second.stderr.contains("in use by another dynatype (pid \(getpid()))"))
        withExtendedLifetime(lock) {}
    }

    /// Rows are read by column name and a required value is never defaulted:
    /// a NULL, or a value no field can take, is a damaged history (exit 2).
    @Test func aNullOrUnknownValueInARequiredColumnIsADamagedHistory() throws {
        let fixture = try repositoryWithHistory()
        try runDynatype(["scan"], in: fixture.url)
        let path = fixture.url.appendingPathComponent(".git/dynatype/history.sqlite").path
        let database = try SQLiteDatabase(path: path)

        // A primary key that is not an integer may hold NULL in SQLite.
        try database.execute("UPDATE tracked_refs SET name = NULL")
        let null = try runDynatype(["scan"], in: fixture.url)
        #expect(null.status == 2)
        #expect(null.stderr.contains("\(path) is damaged (column `name` of a row is NULL)"), "\(null.stderr)")
        #expect(null.stderr.contains("run `dynatype scan` to rebuild the history"))

        try database.execute("PRAGMA ignore_check_constraints = ON; UPDATE commits SET status = 'lost' WHERE seq = 3")
        let unknown = try runDynatype(["log"], in: fixture.url)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("column `status` of a row holds \"lost\", not a known Status"), "\(unknown.stderr)")
    }

    @Test func rowsAreReadByColumnName() throws {
        let folder = try TemporaryDirectory()
        let database = try SQLiteDatabase(path: folder.url.appendingPathComponent("rows.sqlite").path)
        let row = try database.query("SELECT 7 AS seven, 'x' AS text, NULL AS missing") { row in
            (try row.int("seven"), try row.text("text"), try row.optionalText("missing"))
        }.first
        #expect(row?.0 == 7 && row?.1 == "x" && row?.2 == nil)
        #expect(throws: SQLiteError.self) { try database.query("SELECT NULL AS missing") { try $0.text("missing") } }
        #expect(throws: SQLiteError.self) { try database.query("SELECT 'seven' AS seven") { try $0.int("seven") } }
        #expect(throws: SQLiteError.self) { try database.query("SELECT 7 AS seven") { try $0.int("eight") } }
    }

    @Test func killDashNineInTheMiddleOfAScanLosesAndDoublesNothing() throws {
        let fixture = try GitFixture()
        var sources = RandomSources(random: SeededGenerator(seed: 42))
        for index in 0..<12 { try fixture.write("App/V\(index).swift", sources.view(named: "V\(index)")) }
        try fixture.write("Design/Tokens.swift", sources.tokens())
        try fixture.commit("start")
        for step in 0..<90 {
            let index = step % 12
            try fixture.write("App/V\(index).swift", sources.view(named: "V\(index)") + String(repeating: "\n// padding", count: 40))
            if step % 15 == 14 { try fixture.write("Design/Tokens.swift", sources.tokens()) }
            try fixture.commit("step \(step)")
        }
        let folder = try TemporaryDirectory()
        let reference = folder.url.appendingPathComponent("reference.sqlite").path
        let resumed = folder.url.appendingPathComponent("resumed.sqlite").path
        #expect(try runDynatype(["scan", "--db", reference], in: fixture.url).status == 0)

        let process = Process()
        process.executableURL = dynatypeBinary
        process.arguments = ["scan", "--db", resumed]
        process.currentDirectoryURL = fixture.url
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var recorded = 0
        let deadline = Date().addingTimeInterval(60)
        while recorded < 10, process.isRunning, Date() < deadline {
            usleep(2_000)
            recorded = (try? SQLiteHistoryStore(path: resumed, readOnly: true).statistics().commits) ?? 0
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let atKill = try SQLiteHistoryStore(path: resumed, readOnly: true).statistics().commits
        try #require(process.terminationReason == .uncaughtSignal, "the scan ended before it could be killed")
        try #require(atKill > 0 && atKill < 91, "killed with \(atKill) of 91 commits recorded")

        #expect(try runDynatype(["scan", "--db", resumed], in: fixture.url).status == 0)
        let expected = try SQLiteHistoryStore(path: reference)
        let actual = try SQLiteHistoryStore(path: resumed)
        struct Entry: Equatable {
            let record: CommitRecord
            let changes: [String]
        }
        func normalized(_ store: SQLiteHistoryStore) throws -> [Entry] {
            try store.allCommits().map { record in
                var copy = record
                copy.durationSeconds = 0
                copy.auditedAt = Date(timeIntervalSince1970: 0)
                return Entry(record: copy, changes: try store.findingChanges(of: record.sha).map { "\($0.kind.rawValue) \($0.fingerprint)" }.sorted())
            }
        }
        let resumedHistory = try normalized(actual), referenceHistory = try normalized(expected)
        #expect(resumedHistory.count == referenceHistory.count)
        if let mismatch = zip(resumedHistory, referenceHistory).first(where: { $0 != $1 }) {
            Issue.record("first difference:\nresumed:   \(mismatch.0)\nreference: \(mismatch.1)")
        }
        #expect(try actual.statistics().commits == 91)
        #expect(try actual.trackedRefs() == expected.trackedRefs())
    }
}
