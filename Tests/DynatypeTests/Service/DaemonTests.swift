import DynatypeHistory
import Foundation
import Testing

/// `dynatype watch` end to end: the real binary on real temporary
/// repositories, alerts read from its JSON Lines file, commits from its
/// SQLite history.
@Suite struct DaemonTests {
    /// A work tree with one passing view, committed.
    static func repository() throws -> GitFixture {
        let fixture = try GitFixture()
        try fixture.write("App/Card.swift", Snippets.view("Card"))
        try fixture.commit("initial")
        return fixture
    }

    static func regress(_ fixture: GitFixture, _ message: String = "hardcode the size") throws -> String {
        try fixture.write("App/Card.swift", Snippets.view("Card", font: ".system(size: 13)"))
        return try fixture.commit(message)
    }

    @discardableResult
    static func fix(_ fixture: GitFixture, _ message: String = "scale again") throws -> String {
        try fixture.write("App/Card.swift", Snippets.view("Card"))
        return try fixture.commit(message)
    }

    @Test func aRegressionRaisesOneAlertAndItsFixAResolvedOne() throws {
        let fixture = try Self.repository()
        let daemon = try DaemonHarness(fixture: fixture)
        try daemon.start()
        let bad = try Self.regress(fixture)
        try daemon.wait("the regression alert") { daemon.alertLines().count == 1 }
        let alert = daemon.alertLines()[0]
        #expect(alert["kind"] as? String == "regression")
        #expect(alert["repository"] as? String == "app")
        #expect(alert["commit"] as? String == bad)
        #expect(alert["ref"] as? String == "refs/heads/main")
        let introduced = try #require(alert["introduced"] as? [[String: Any]])
        #expect(introduced.count == 1)
        #expect(introduced.first?["rule"] as? String == "fixed_font_size")
        #expect(introduced.first?["path"] as? String == "App/Card.swift")
        #expect(introduced.first?["line"] as? Int == 7)
        #expect((introduced.first?["fix"] as? String)?.isEmpty == false)
        #expect(alert["ratio_before"] as? Double == 1)
        #expect(alert["ratio_after"] as? Double == 0)

        let good = try Self.fix(fixture)
        try daemon.wait("the resolved notification") { daemon.alertLines().count == 2 }
        let resolved = daemon.alertLines()[1]
        #expect(resolved["kind"] as? String == "resolved")
        #expect(resolved["commit"] as? String == good)
        #expect(resolved["regression"] as? String == bad)
        #expect((resolved["fixed"] as? [[String: Any]])?.first?["rule"] as? String == "fixed_font_size")

        // Nothing more: no duplicate, and an unrelated commit raises nothing.
        try fixture.write("README.md", "docs")
        try fixture.commit("docs")
        try daemon.wait("the docs commit") { try daemon.recordedCommits().count == 4 }
        #expect(daemon.alertLines().count == 2)
        #expect(daemon.logText.contains("<4>alert kind=regression repository=app"))

        let metrics = try String(contentsOf: daemon.metrics, encoding: .utf8)
        #expect(metrics.contains("dynatype_compliance_ratio{repository=\"app\",ref=\"refs/heads/main\"} 1"))
        #expect(metrics.contains("dynatype_alerts_total{repository=\"app\",kind=\"regression\"} 1"))
        #expect(metrics.contains("dynatype_last_commit_info{repository=\"app\",ref=\"refs/heads/main\",commit=\""))
        // A sha appears only in the _info metric.
        for line in metrics.split(separator: "\n") where line.contains(String(good.prefix(12))) {
            #expect(line.hasPrefix("dynatype_last_commit_info"))
        }
        #expect(daemon.stop() == 0)
        #expect(daemon.logText.contains("stopping"))
    }

    @Test func aBurstOfTenCommitsIsAuditedInOrder() throws {
        let fixture = try Self.repository()
        let daemon = try DaemonHarness(fixture: fixture)
        try daemon.start()
        var shas: [String] = []
        for index in 0..<10 {
            try fixture.write("App/View\(index).swift", Snippets.view("View\(index)", font: index % 3 == 0 ? ".system(size: 12)" : ".body"))
            shas.append(try fixture.commit("burst \(index)"))
        }
        try daemon.wait("ten commits") { try daemon.recordedCommits().count == 11 }
        let recorded = try daemon.recordedCommits()
        #expect(recorded.dropFirst().map(\.sha) == shas)
        #expect(recorded.allSatisfy { $0.status == .audited })
        // Each commit is compared with its parent (none is a new baseline).
        #expect(recorded.dropFirst().allSatisfy { !$0.isBaseline && $0.base == $0.parent })
        try daemon.wait("the alerts of the burst") { daemon.alertLines().count == 4 }
        #expect(daemon.alertLines().compactMap { $0["commit"] as? String } == [shas[0], shas[3], shas[6], shas[9]])
        daemon.stop()
    }

    @Test func aBareRepositoryFollowsPushesGCForcePushesAndARecreatedBranch() throws {
        let remote = try GitFixture(bare: true)
        try remote.git(["config", "receive.denyDeleteCurrent", "ignore"])
        let clone = try GitFixture()
        try clone.git(["remote", "add", "origin", remote.url.path])
        try clone.write("App/Card.swift", Snippets.view("Card"))
        try clone.commit("initial")
        try clone.git(["push", "-q", "origin", "main"])
        let daemon = try DaemonHarness(fixture: clone, watched: remote.url)
        try daemon.start()

        let first = try Self.regress(clone)
        try clone.git(["push", "-q", "origin", "main"])
        try daemon.wait("the pushed commit") { try daemon.recordedCommits().map(\.sha).contains(first) }

        // gc packs the refs and deletes the loose ones; pushes still arrive.
        try remote.git(["gc", "-q", "--prune=now"])
        let second = try Self.fix(clone)
        try clone.git(["push", "-q", "origin", "main"])
        try daemon.wait("a push after gc") { try daemon.recordedCommits().map(\.sha).contains(second) }

        // A force-push replaces the last commit.
        try clone.git(["reset", "-q", "--hard", "HEAD~1"])
        try clone.write("App/Other.swift", Snippets.view("Other"))
        let rewritten = try clone.commit("rewritten")
        try clone.git(["push", "-q", "--force", "origin", "main"])
        try daemon.wait("the force-pushed commit") { try daemon.recordedCommits().map(\.sha).contains(rewritten) }
        let record = try #require(try daemon.recordedCommits().first { $0.sha == rewritten })
        #expect(record.base == first)

        // The branch deleted, then recreated with a new commit.
        try clone.git(["push", "-q", "origin", ":main"])
        try daemon.wait("the deletion to be noticed") { daemon.logText.contains("has no commits") }
        try clone.write("App/Third.swift", Snippets.view("Third"))
        let recreated = try clone.commit("recreated")
        try clone.git(["push", "-q", "origin", "main"])
        try daemon.wait("the recreated branch") { try daemon.recordedCommits().map(\.sha).contains(recreated) }
        #expect(try daemon.recordedCommits().allSatisfy { $0.status == .audited })
        daemon.stop()
    }

    @Test func killDashNineLosesNoCommitAndDuplicatesNoAlert() throws {
        let fixture = try Self.repository()
        let daemon = try DaemonHarness(fixture: fixture)
        try daemon.start()
        daemon.stop()
        // Forty commits made while the daemon is down: twenty regressions,
        // each fixed by the next commit; each also rewrites a large file, so
        // the catch-up takes long enough to be killed in the middle.
        var regressions: [String] = []
        for index in 0..<20 {
            try fixture.write("App/Large.swift", (0..<300).map { Snippets.view("Large\(index)x\($0)") }.joined(separator: "\n"))
            regressions.append(try Self.regress(fixture, "regress \(index)"))
            try fixture.write("App/Large.swift", (0..<300).map { Snippets.view("Large\(index)y\($0)") }.joined(separator: "\n"))
            try Self.fix(fixture, "fix \(index)")
        }
        try daemon.start(waitUntilWatching: false)
        try daemon.wait("some of the catch-up", timeout: 60) { try daemon.recordedCommits().count > 2 }
        daemon.kill9()
        let atKill = try daemon.recordedCommits().count
        try #require(atKill < 41, "the catch-up finished before the kill; nothing was tested")

        // The daemon says "watching" only after the catch-up, which a loaded
        // machine may take longer than start's wait for: the next wait covers it.
        try daemon.start(waitUntilWatching: false)
        try daemon.wait("the rest of the catch-up", timeout: 60) { try daemon.recordedCommits().count == 41 }
        try daemon.wait("every alert", timeout: 30) { daemon.alertLines().count == 40 }
        let lines = daemon.alertLines()
        let ids = lines.compactMap { $0["id"] as? String }
        #expect(Set(ids).count == 40, "duplicated alerts: \(ids.count - Set(ids).count)")
        #expect(lines.filter { $0["kind"] as? String == "regression" }.compactMap { $0["commit"] as? String } == regressions)
        #expect(Set(try daemon.recordedCommits().map(\.sha)).count == 41)
        daemon.stop()
    }

    @Test func aWebhookThatFailsThenRecoversReceivesEveryAlertOnce() throws {
        let server = try TestHTTPServer(statuses: [500, 503, 200])
        let fixture = try Self.repository()
        let secret = "s3cr3t-\(UUID().uuidString)"
        let daemon = try DaemonHarness(fixture: fixture, alertSettings: """
            , "webhooks": [{ "name": "ops", "url": "http://127.0.0.1:\(server.port)/hook", "secret_header": "X-Token", "secret_env": "TEST_WEBHOOK_TOKEN", "timeout_seconds": 5 }]
            """)
        daemon.environment = ["TEST_WEBHOOK_TOKEN": secret]
        try daemon.start()
        let bad = try Self.regress(fixture)
        let good = try Self.fix(fixture)
        try daemon.wait("both alerts through the webhook", timeout: 30) { server.requests.filter { $0.status == 200 }.count == 2 }
        let delivered = server.requests.filter { $0.status == 200 }
        let documents = delivered.compactMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] }
        #expect(documents.compactMap { $0["commit"] as? String } == [bad, good])
        #expect(documents.compactMap { $0["kind"] as? String } == ["regression", "resolved"])
        #expect(delivered.allSatisfy { $0.headers["x-token"] == secret && $0.headers["idempotency-key"] != nil })
        #expect(server.requests.count == 4, "two failures, then one delivery per alert")
        // Failures are logged, the secret never is.
        #expect(daemon.logText.contains("HTTP status 500"))
        #expect(!daemon.logText.contains(secret))
        usleep(500_000)
        #expect(server.requests.count == 4)
        daemon.stop()
    }

    @Test func sighupReloadsTheConfigurationAndABadOneIsRefused() throws {
        let fixture = try Self.repository()
        let daemon = try DaemonHarness(fixture: fixture)
        try daemon.start()
        let other = fixture.folder.url.appendingPathComponent("other.jsonl")
        try daemon.writeConfiguration(jsonl: other)
        daemon.signal(SIGHUP)
        try daemon.wait("the reload") { daemon.logText.contains("configuration reloaded") }
        let bad = try Self.regress(fixture)
        try daemon.wait("the alert in the new file") { daemon.alertLines(in: other).count == 1 }
        #expect(daemon.alertLines(in: other).first?["commit"] as? String == bad)
        #expect(daemon.alertLines().isEmpty)

        try Data("{ \"repositories\": [{ \"path\": \"x\", \"alertz\": {} }] }".utf8).write(to: daemon.configuration)
        daemon.signal(SIGHUP)
        try daemon.wait("the refusal") { daemon.logText.contains("was not reloaded") }
        #expect(daemon.logText.contains("\"repositories[0].alertz\": unknown key (did you mean \"alerts\"?)"))
        let good = try Self.fix(fixture)
        try daemon.wait("the old configuration to keep working") { daemon.alertLines(in: other).count == 2 }
        #expect(daemon.alertLines(in: other).last?["commit"] as? String == good)
        #expect(daemon.stop() == 0)
    }

    @Test(arguments: [
        ("{ \"repositoris\": [] }", "\"repositoris\": unknown key (did you mean \"repositories\"?)"),
        ("{ \"repositories\": [{ \"name\": \"app\" }] }", "\"repositories[0].path\": is required"),
        ("{ \"repositories\": [{ \"path\": \"/srv/app\", \"policy\": { \"minimum_severity\": \"fatal\" } }] }", "\"repositories[0].policy.minimum_severity\": must be error, warning or note"),
        ("{ \"repositories\": [{ \"path\": \"/srv/app\", \"alerts\": { \"webhooks\": [{ \"url\": \"ftp://x\" }] } }] }", "\"repositories[0].alerts.webhooks[0].url\""),
        ("{ \"repositories\": [ }", "not valid JSON"),
        (
            "{ \"repositories\": [{ \"path\": \"/srv/app\", \"alerts\": { \"webhooks\": [{ \"name\": \"ops\", \"url\": \"http://a\" }, { \"name\": \"ops\", \"url\": \"http://b\" }] } }] }",
            "\"repositories[0].alerts.webhooks[1].name\": \"ops\" is used by an earlier webhook"
        ),
    ])
    func aMalformedConfigurationIsRefusedNamingTheKey(text: String, message: String) throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("daemon.json", text)
        let result = try runDynatype(["watch", "--config", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func aRepositoryThatCannotBeOpenedOrADatabaseInUseIsRefused() throws {
        let folder = try TemporaryDirectory()
        let missing = try folder.write("daemon.json", "{ \"repositories\": [{ \"path\": \"\(folder.url.path)\" }] }")
        let notRepository = try runDynatype(["watch", "--config", missing.path])
        #expect(notRepository.status == 2)
        #expect(notRepository.stderr.contains("is not a git repository"))

        let fixture = try Self.repository()
        let daemon = try DaemonHarness(fixture: fixture)
        try daemon.start()
        let second = try runDynatype(["watch", "--config", daemon.configuration.path])
        #expect(second.status == 2)
        #expect(second.stderr.contains("pid \(daemon.process!.processIdentifier)"), "\(second.stderr)")
        daemon.stop()
    }

    @Test func systemdHearsReadyStatusWatchdogReloadingAndStopping() throws {
        let fixture = try Self.repository()
        let daemon = try DaemonHarness(fixture: fixture)
        let listener = try daemon.listenAsSystemd(watchdogMicroseconds: 400_000)
        try daemon.start()
        try daemon.wait("READY=1") { listener.messages.contains { $0.contains("READY=1") } }
        #expect(listener.messages.contains { $0.contains("STATUS=watching 1 repository") })
        try daemon.wait("a watchdog ping") { listener.messages.contains("WATCHDOG=1") }
        daemon.signal(SIGHUP)
        try daemon.wait("RELOADING=1") { listener.messages.contains { $0.hasPrefix("RELOADING=1\nMONOTONIC_USEC=") } }
        try daemon.wait("READY=1 after the reload") { listener.messages.filter { $0.contains("READY=1") }.count == 2 }
        #expect(daemon.stop() == 0)
        #expect(listener.messages.contains { $0.hasPrefix("STOPPING=1") })
    }

    @Test func systemdHearsHowFarTheFirstStartsBackfillIs() throws {
        let fixture = try Self.repository()
        for index in 1...4 {
            try fixture.write("App/Card.swift", Snippets.view("Card\(index)"))
            try fixture.commit("edit \(index)")
        }
        let daemon = try DaemonHarness(fixture: fixture, extra: ", \"backfill\": 10")
        let listener = try daemon.listenAsSystemd()
        try daemon.start()
        try daemon.wait("READY=1") { listener.messages.contains { $0.contains("READY=1") } }
        let progress = listener.messages.filter { $0.hasPrefix("STATUS=app: ") && $0.contains(" commits/s · ETA ") }
        #expect(progress.count == 5, "\(listener.messages)")
        #expect(progress.first?.hasPrefix("STATUS=app: 1/5 commits · ") == true)
        #expect(progress.last?.hasPrefix("STATUS=app: 5/5 commits · ") == true)
        #expect(progress.last?.hasSuffix("(edit 4)") == true)
        #expect(daemon.stop() == 0)
    }

    @Test func statusReportsRefsPendingCommitsAndTheOutbox() throws {
        let fixture = try Self.repository()
        let daemon = try DaemonHarness(fixture: fixture)
        try daemon.start()
        let bad = try Self.regress(fixture)
        try daemon.wait("the alert") { daemon.alertLines().count == 1 }
        let running = try runDynatype(["status", "--config", daemon.configuration.path])
        #expect(running.status == 0)
        #expect(running.stdout.contains("watched by pid \(daemon.process!.processIdentifier)"))
        #expect(running.stdout.contains("refs/heads/main  tip \(bad.prefix(10)) · audited up to \(bad.prefix(10)) · 0 pending"))
        #expect(running.stdout.contains("last alert    regression at \(bad.prefix(10))"))
        daemon.stop()

        try Self.fix(fixture)
        let stopped = try runDynatype(["status", "--config", daemon.configuration.path, "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(stopped.stdout.utf8)) as? [String: Any])
        let repository = try #require((json["repositories"] as? [[String: Any]])?.first)
        #expect(repository["daemon"] == nil)
        #expect((repository["refs"] as? [[String: Any]])?.first?["pending_commits"] as? Int == 1)
        #expect((repository["sinks"] as? [[String: Any]])?.map { $0["name"] as? String } == ["jsonl", "journal"])
    }

    /// Removing the database's -wal file under a running daemon: status says
    /// the daemon is running, what happened and what to do (not "no daemon
    /// running" and "disk I/O error"), and the advice works.
    @Test func statusExplainsAWriteAheadLogRemovedUnderTheDaemon() throws {
        let fixture = try Self.repository()
        let daemon = try DaemonHarness(fixture: fixture)
        try daemon.start()
        let pid = try #require(daemon.process?.processIdentifier)
        try FileManager.default.removeItem(atPath: daemon.database.path + "-wal")

        let removed = try runDynatype(["status", "--config", daemon.configuration.path])
        #expect(removed.status == 0)
        #expect(removed.stdout.contains("watched by pid \(pid)"), "\(removed.stdout)")
        // Whether SQLite can still read the database depends on what the log held: either way status says so.
        #expect(removed.stdout.contains("its write-ahead log \(daemon.database.path)-wal was removed while the daemon (pid \(pid)) has it open"))
        #expect(removed.stdout.contains("stop it with SIGTERM"))
        #expect(!removed.stdout.contains("no daemon running"))

        // The daemon goes on auditing into the removed log; stopping it writes that back.
        let bad = try Self.regress(fixture)
        try daemon.wait("the alert") { daemon.alertLines().count == 1 }
        #expect(daemon.stop() == 0)
        let stopped = try runDynatype(["status", "--config", daemon.configuration.path])
        #expect(stopped.stdout.contains("audited up to \(bad.prefix(10)) · 0 pending"), "\(stopped.stdout)")
        #expect(!stopped.stdout.contains("problem"))
    }

    @Test func theUnitFilePassesSystemdAnalyzeVerify() throws {
        let analyze = URL(fileURLWithPath: "/usr/bin/systemd-analyze")
        guard FileManager.default.isExecutableFile(atPath: analyze.path) else {
            Issue.record("systemd-analyze is not installed (apt-get install systemd)")
            return
        }
        let folder = try TemporaryDirectory()
        let unit = try String(contentsOf: packageRoot.appendingPathComponent("systemd/dynatype@.service"), encoding: .utf8)
            .replacingOccurrences(of: "/usr/bin/dynatype", with: dynatypeBinary.path)
        let file = try folder.write("dynatype@ci.service", unit)
        let result = try runProcess(analyze, ["verify", file.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test func theSampleConfigurationIsValid() throws {
        let sample = packageRoot.appendingPathComponent("Config/daemon.sample.json")
        let result = try runDynatype(["status", "--config", sample.path])
        // The sample's repository does not exist here: status says so, but the file parses.
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("ios-app  /srv/git/ios-app.git"))
    }
}

/// A datagram socket standing in for systemd's notification socket.
final class NotifyListener: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var received: [String] = []

    init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        guard bound == 0 else { throw FixtureError(message: "cannot bind \(path)") }
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(descriptor, &buffer, buffer.count, 0)
                guard count > 0 else { return }
                lock.lock()
                received.append(String(decoding: buffer[0..<count], as: UTF8.self))
                lock.unlock()
            }
        }
        thread.start()
    }

    var messages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }
}
