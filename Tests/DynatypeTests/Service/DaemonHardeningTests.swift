import DynatypeHistory
import Foundation
import Testing

/// What ordinary repository operations must not do to a running daemon.
@Suite struct DaemonHardeningTests {
    /// After a release branch is deleted, `main` is still audited and alerted;
    /// the missing ref is reported once.
    @Test func aDeletedTrackedRefStopsNoOtherRef() throws {
        let fixture = try DaemonTests.repository()
        try fixture.git(["branch", "release"])
        let daemon = try DaemonHarness(fixture: fixture, extra: ", \"refs\": [\"main\", \"release\"]")
        try daemon.start()
        try fixture.git(["branch", "-D", "release"])
        let bad = try DaemonTests.regress(fixture)
        try daemon.wait("the regression alert on main") { daemon.alertLines().count == 1 }
        #expect(daemon.alertLines().first?["commit"] as? String == bad)
        try fixture.write("README.md", "docs")
        try fixture.commit("docs")
        try daemon.wait("the next commit") { try daemon.recordedCommits().count == 3 }
        #expect(daemon.logText.components(separatedBy: "refs/heads/release no longer exists").count == 2)
        #expect(!daemon.logText.contains("cannot audit new commits"))
        daemon.stop()
    }

    /// A file the parser would take hours on: its commit is recorded with
    /// the file named as not audited, the daemon starts itself again in
    /// place to take back the core still parsing it, and goes on watching.
    @Test func aFileThatWouldStallTheParserIsRecordedAndTheDaemonGoesOn() throws {
        let fixture = try DaemonTests.repository()
        let daemon = try DaemonHarness(fixture: fixture)
        try daemon.start()
        let pid = daemon.process?.processIdentifier
        try fixture.write("App/Garbled.swift", ParserLimitTests.garbled(12))
        let garbled = try fixture.commit("a garbled file")
        try daemon.wait("the garbled commit", timeout: 60) { try daemon.recordedCommits().contains { $0.sha == garbled } }
        let record = try #require(try daemon.recordedCommits().first { $0.sha == garbled })
        #expect(record.status == .audited && record.filesNotAudited == 1)
        #expect(record.notAudited["App/Garbled.swift"]?.contains("took more than 10 s of CPU time") == true)
        try daemon.wait("the restart in place", timeout: 30) { daemon.logText.components(separatedBy: "watching app").count == 3 }
        #expect(daemon.logText.contains("left 1 parser thread running; restarting to take the cores back"))
        #expect(daemon.process?.isRunning == true && daemon.process?.processIdentifier == pid)
        let bad = try DaemonTests.regress(fixture)
        try daemon.wait("the regression alert after the restart") { daemon.alertLines().count == 1 }
        #expect(daemon.alertLines().first?["commit"] as? String == bad)
        #expect(daemon.stop() == 0)
    }

    /// PostgreSQL still down when the daemon starts (both start at boot): it
    /// waits with backoff, then audits and watches once the server is up; a
    /// SIGTERM during the wait is a clean stop.
    @Test func aDatabaseDownAtStartIsWaitedFor() throws {
        let server = try PostgresServer()
        let address = try server.createDatabase()
        try server.pause()
        let fixture = try DaemonTests.repository()
        let daemon = try DaemonHarness(fixture: fixture, database: address.url)
        try daemon.start(waitUntilWatching: false)
        try daemon.wait("the daemon to wait for the database") { daemon.logText.contains("waiting for the history database") }
        #expect(daemon.process?.isRunning == true, "\(daemon.logText)")
        try server.resume()
        try daemon.wait("the daemon to start watching", timeout: 60) { daemon.logText.contains("watching app") }
        try daemon.wait("the first commit") { try daemon.recordedCommits().count == 1 }
        #expect(daemon.stop() == 0)

        try server.pause()
        let stopped = try DaemonHarness(fixture: fixture, database: address.url)
        let waitsBefore = stopped.logText.components(separatedBy: "waiting for the history database").count
        try stopped.start(waitUntilWatching: false)
        try stopped.wait("the second daemon to wait") { stopped.logText.components(separatedBy: "waiting for the history database").count > waitsBefore }
        #expect(stopped.stop(within: 10)?.status == 0)
    }

    /// A setup that cannot work is refused at start, naming what is wrong,
    /// rather than found at the first alert.
    @Test func aSetupThatCannotWorkIsRefusedAtStartNamingWhatIsWrong() throws {
        let fixture = try DaemonTests.repository()
        let folder = fixture.folder.url
        let elsewhere = try TemporaryDirectory()
        let notAFolder = try elsewhere.write("plain-file", "x")
        let script = folder.appendingPathComponent("hook.sh")
        try Data("#!/bin/sh\n".utf8).write(to: script)
        let cases: [(extra: String, alertSettings: String, message: String)] = [
            (", \"report_file\": \"\(notAFolder.path)/report.html\"", "", "\"report_file\" \(notAFolder.path)/report.html: its folder cannot be made"),
            ("", ", \"exec\": { \"command\": [\"\(script.path)\"] }", "\"alerts.exec.command\" \(script.path): it cannot be run"),
            ("", ", \"exec\": { \"command\": [\"no-such-notifier\"] }", "\"alerts.exec.command\" no-such-notifier: not found on PATH"),
        ]
        for (extra, alertSettings, message) in cases {
            let daemon = try DaemonHarness(fixture: fixture, extra: extra, alertSettings: alertSettings)
            let result = try runDynatype(["watch", "--config", daemon.configuration.path])
            #expect(result.status == 2)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }

    @Test func aConfigurationThatCannotBeReadIsNotCalledInvalid() throws {
        let result = try runDynatype(["watch", "--config", "/nonexistent/dynatype.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot read the daemon configuration /nonexistent/dynatype.json"), "\(result.stderr)")
        #expect(!result.stderr.contains("invalid"))
    }

    /// One commit dated 9999-12-31 (git takes it) stretched every time axis
    /// over millennia: trend and report stay bounded and say so.
    @Test func aCommitDatedInTheFarFutureBoundsEveryTimeAxis() throws {
        let fixture = try DaemonTests.repository()
        let start = 1_700_000_000
        fixture.setClock(to: 253_402_214_000)
        _ = try DaemonTests.regress(fixture, "from the far future")
        fixture.setClock(to: start + 86_400)
        try DaemonTests.fix(fixture)
        #expect(try runDynatype(["scan"], in: fixture.url).status == 0)
        let trend = try runDynatype(["trend", "--by", "day"], in: fixture.url)
        #expect(trend.status == 0)
        #expect(trend.stdout.split(separator: "\n").count < 1_000)
        #expect(trend.stderr.contains("1 commit is dated in the future (up to 9999-12-30)"), "\(trend.stderr)")
        let page = fixture.folder.url.appendingPathComponent("report.html")
        let started = Date()
        #expect(try runDynatype(["report", "--html", page.path, "--by", "week"], in: fixture.url).status == 0)
        #expect(Date().timeIntervalSince(started) < 30)
    }

    /// A commit whose audit outlasts the watchdog interval keeps the watchdog
    /// fed while files are analysed, and STATUS says how far it is; pinging
    /// only between commits got a healthy daemon killed on a wide commit.
    @Test func theWatchdogIsFedWhileALongCommitIsAudited() throws {
        let fixture = try DaemonTests.repository()
        let daemon = try DaemonHarness(fixture: fixture)
        let listener = try daemon.listenAsSystemd(watchdogMicroseconds: 100_000)
        try daemon.start()
        for index in 0..<600 { try fixture.write("App/Wide/View\(index).swift", Snippets.view("View\(index)", font: ".system(size: 12)")) }
        try fixture.commit("a wide commit")
        try daemon.wait("the wide commit", timeout: 120) { try daemon.recordedCommits().count == 2 }
        let progress = listener.messages.filter { $0.hasPrefix("WATCHDOG=1\nSTATUS=app: auditing new commits") && $0.hasSuffix("files analysed so far") }
        #expect(!progress.isEmpty, "no watchdog ping during the audit: \(listener.messages.suffix(5))")
        daemon.stop()
    }
}
