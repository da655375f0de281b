import DynatypeHistory
import Foundation
import Testing

/// One PostgreSQL history for many repositories and hosts, end to end with
/// the built binary and a real server: the same history as SQLite, two
/// daemons sharing a repository under kill -9, a server restart mid-scan.
@Suite(.serialized) struct FleetTests {
    /// A history with regressions and fixes over a few files.
    static func repository(commits: Int, padding: Int = 0) throws -> GitFixture {
        let fixture = try GitFixture()
        var sources = RandomSources(random: SeededGenerator(seed: 11))
        for index in 0..<6 { try fixture.write("App/V\(index).swift", sources.view(named: "V\(index)")) }
        try fixture.commit("start")
        for step in 0..<commits - 1 {
            let index = step % 6
            try fixture.write("App/V\(index).swift", sources.view(named: "V\(index)") + String(repeating: "\n// padding", count: padding))
            try fixture.commit("step \(step)")
        }
        return fixture
    }

    struct Entry: Equatable {
        let record: CommitRecord
        let changes: [String]
    }

    /// What a history says of each commit, without the times of its audit.
    static func normalized(_ store: SQLHistoryStore) throws -> [Entry] {
        try store.allCommits().map { record in
            var copy = record
            copy.durationSeconds = 0
            copy.auditedAt = Date(timeIntervalSince1970: 0)
            return Entry(record: copy, changes: try store.findingChanges(of: record.sha).map { "\($0.kind.rawValue) \($0.fingerprint)" }.sorted())
        }
    }

    @Test func aScanIntoPostgreSQLRecordsWhatSQLiteRecords() throws {
        let fixture = try Self.repository(commits: 12)
        let address = try PostgresServer.shared.createDatabase()
        #expect(try runDynatype(["scan"], in: fixture.url).status == 0)
        let scan = try runDynatype(["scan", "--db", address.url], in: fixture.url)
        #expect(scan.status == 0, "\(scan.stderr)")
        for query in [["log", "-n", "0", "--format", "csv"], ["show", "HEAD", "--format", "json"], ["trend", "--by", "commit", "--format", "csv"]] {
            let sqlite = try runDynatype(query, in: fixture.url)
            let postgresql = try runDynatype(query + ["--db", address.url], in: fixture.url)
            #expect(postgresql.status == 0, "\(postgresql.stderr)")
            #expect(postgresql.stdout == sqlite.stdout, "\(query.joined(separator: " "))")
        }
        let again = try runDynatype(["scan", "--db", address.url], in: fixture.url)
        #expect(again.stdout.contains("nothing to scan"), "\(again.stdout)")
        let sqlite = try HistoryDatabase.sqlite(path: fixture.url.appendingPathComponent(".git/dynatype/history.sqlite").path).openFleet().repositories()
        let postgresql = try HistoryDatabase.postgresql(address).openFleet().repositories()
        let fromPostgreSQL = try Self.normalized(postgresql[0].store), fromSQLite = try Self.normalized(sqlite[0].store)
        #expect(fromPostgreSQL.count == fromSQLite.count)
        if let mismatch = zip(fromPostgreSQL, fromSQLite).first(where: { $0 != $1 }) {
            Issue.record("first difference:\nPostgreSQL: \(mismatch.0)\nSQLite:     \(mismatch.1)")
        }
    }

    @Test func queriesAcrossTheRepositoriesOfAHistory() throws {
        let address = try PostgresServer.shared.createDatabase()
        let ios = try Self.repository(commits: 4), watch = try DaemonTests.repository()
        #expect(try runDynatype(["scan", "--db", address.url, "--repository", "ios"], in: ios.url).status == 0)
        #expect(try runDynatype(["scan", "--db", address.url, "--repository", "watch"], in: watch.url).status == 0)
        let other = try runDynatype(["scan", "--db", address.url, "--repository", "ios"], in: watch.url)
        #expect(other.status == 2)
        #expect(other.stderr.contains("holds the history of the repository \"ios\""), "\(other.stderr)")

        let fleet = try runDynatype(["fleet", "--db", address.url, "--format", "csv"])
        #expect(fleet.status == 0, "\(fleet.stderr)")
        let rows = fleet.stdout.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows.first?.prefix(3) == ["repository", "commit", "compliance"])
        #expect(rows.dropFirst().map { String($0[0]) } == ["ios", "watch"])
        let table = try runDynatype(["fleet", "--db", address.url])
        #expect(table.stdout.contains("open regressions") && table.stdout.contains("watch"), "\(table.stdout)")

        let log = try runDynatype(["log", "--all-repositories", "-n", "0", "--format", "csv", "--db", address.url])
        #expect(log.status == 0, "\(log.stderr)")
        let repositories = log.stdout.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",").first.map(String.init) ?? "" }
        #expect(repositories.filter { $0 == "ios" }.count == 4 && repositories.filter { $0 == "watch" }.count == 1)

        let trend = try runDynatype(["trend", "--repository", "ios", "--repository", "watch", "--format", "json", "--db", address.url])
        #expect(trend.status == 0, "\(trend.stderr)")
        let series = try JSONSerialization.jsonObject(with: Data(trend.stdout.utf8)) as? [[String: Any]]
        #expect(series?.map { $0["repository"] as? String } == ["ios", "watch"])
        #expect((series?.first?["points"] as? [Any])?.count == 4)
        #expect(try runDynatype(["fleet", "--help"]).stdout.contains("EXAMPLES:"))
    }

    /// Two daemons on one repository and one database: one records, the
    /// other stands by. Commits are pushed while the recorder is killed with
    /// kill -9 and restarted, in turns: every commit is recorded once, and
    /// every alert delivered exactly once.
    @Test func twoDaemonsSharingARepositoryLoseAndDoubleNothingUnderKillDashNine() throws {
        var random = SeededRandom(label: "two daemons")
        let address = try PostgresServer.shared.createDatabase()
        let fixture = try DaemonTests.repository()
        let second = try TemporaryDirectory()
        let daemons = [
            try DaemonHarness(fixture: fixture, database: address.url),
            try DaemonHarness(fixture: fixture, folder: second.url, database: address.url),
        ]
        // One JSON Lines file for both, as one sink seen from two hosts.
        try daemons[1].writeConfiguration(jsonl: daemons[0].alerts)
        try daemons[0].start()
        try daemons[1].start(waitUntilWatching: false)
        try daemons[1].wait("the second daemon to stand by") { daemons[1].logText.contains("standing by to take over when it stops") }
        #expect(!daemons[1].logText.contains("stop it first"), "standing by is intended, not a problem to fix")

        var expected: [DaemonFaultTests.AlertSummary] = []
        var commits = 1
        var recorder = 0
        for round in 0..<4 {
            for pair in 0..<2 {
                // Large enough that a kill falls during the audits.
                try fixture.write("App/Large.swift", (0..<150).map { Snippets.view("Large\(round)x\(pair)x\($0)") }.joined(separator: "\n"))
                let bad = try DaemonTests.regress(fixture, "regress \(round).\(pair)")
                let good = try DaemonTests.fix(fixture, "fix \(round).\(pair)")
                expected += [.init(kind: "regression", commit: bad), .init(kind: "resolved", commit: good)]
                commits += 2
            }
            usleep(UInt32(random.next(in: 0...0.3) * 1_000_000))
            let survivor = 1 - recorder
            let takeOvers = daemons[survivor].logText.components(separatedBy: "took the history over").count
            daemons[recorder].kill9()
            print("two daemons, round \(round): killed the recorder with \(try daemons[recorder].recordedCommits().count)/\(commits) commits recorded, \(daemons[0].alertLines().count)/\(expected.count) alerts")
            try daemons[survivor].wait("the other daemon to take over", timeout: 30) {
                daemons[survivor].logText.components(separatedBy: "took the history over").count > takeOvers
            }
            try daemons[recorder].start(waitUntilWatching: false)
            recorder = survivor
        }
        try daemons[recorder].wait("every commit", timeout: 120) { try daemons[recorder].recordedCommits().count == commits }
        try daemons[recorder].wait("every alert", timeout: 60) { daemons[0].alertLines().count >= expected.count }
        usleep(500_000)

        let recorded = try daemons[recorder].recordedCommits()
        #expect(recorded.count == commits && Set(recorded.map(\.sha)).count == commits, "commits recorded twice or lost")
        DaemonFaultTests.expectExactlyOnce(daemons[0].alertLines(), expected)
        for daemon in daemons { try DaemonFaultTests.expectPromptStop(daemon) }
    }

    /// The server restarts while a scan runs: the scan reconnects, carries
    /// on, and records every commit once.
    @Test func aServerRestartMidScanLosesNothing() throws {
        let server = try PostgresServer()
        let address = try server.createDatabase()
        let fixture = try Self.repository(commits: 40, padding: 30)
        let process = Process()
        process.executableURL = dynatypeBinary
        process.arguments = ["scan", "--db", address.url]
        process.currentDirectoryURL = fixture.url
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let database = HistoryDatabase.postgresql(address)
        let deadline = Date().addingTimeInterval(60)
        var recorded = 0
        while recorded < 5, process.isRunning, Date() < deadline {
            usleep(20_000)
            recorded = (try? database.openFleet().repositories().first?.store.allCommits().count) ?? 0
        }
        try #require(process.isRunning, "the scan ended before the restart")
        try server.restart()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(stderr)")
        let commits = try database.openFleet().repositories()[0].store.allCommits()
        print("server restart after \(recorded) of 40 commits: \(commits.count) recorded")
        #expect(commits.count == 40 && Set(commits.map(\.sha)).count == 40)
        #expect(try runDynatype(["scan"], in: fixture.url).status == 0)
        let reference = try HistoryDatabase.sqlite(path: fixture.url.appendingPathComponent(".git/dynatype/history.sqlite").path).openFleet().repositories()
        #expect(try Self.normalized(database.openFleet().repositories()[0].store) == Self.normalized(reference[0].store))
    }
}
