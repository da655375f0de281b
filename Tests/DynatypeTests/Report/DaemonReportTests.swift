@testable import DynatypeService
import Foundation
import Testing

/// The daemon's HTML report: when it is written, and that it follows the commits.
@Suite struct DaemonReportTests {
    @Test func aBurstOfCommitsWritesTheReportOnceAfterTheInterval() {
        var schedule = ReportSchedule(interval: 60)
        #expect(!schedule.isDue(at: 0), "nothing to write yet")
        schedule.invalidate(at: 0)
        #expect(schedule.isDue(at: 0), "the first write is at once")
        schedule.wrote(at: 0)
        for second in [1.0, 2, 3, 10] { schedule.invalidate(at: second) }
        #expect(schedule.due == 60, "five commits in ten seconds: one write, a minute after the last")
        #expect(!schedule.isDue(at: 59.9) && schedule.isDue(at: 60))
        schedule.wrote(at: 60)
        #expect(schedule.due == nil)
        schedule.invalidate(at: 500)
        #expect(schedule.due == 500, "after a quiet spell the next commit's report is written at once")
    }

    @Test func theReportKeysAreReadAndChecked() throws {
        let folder = try TemporaryDirectory()
        let good = try folder.write("good.json", #"{"repositories": [{"path": "/srv/app.git", "report_file": "site/index.html", "report_interval_seconds": 5}]}"#)
        let repository = try DaemonConfiguration(file: good.path).repositories[0]
        #expect(repository.reportFile == folder.url.appendingPathComponent("site/index.html").standardizedFileURL.path, "relative to the configuration")
        #expect(repository.reportIntervalSeconds == 5)
        let defaults = try folder.write("defaults.json", #"{"repositories": [{"path": "/srv/app.git"}]}"#)
        #expect(try DaemonConfiguration(file: defaults.path).repositories[0].reportFile == nil)
        let bad = try folder.write("bad.json", #"{"repositories": [{"path": "/srv/app.git", "report_interval_seconds": -1}]}"#)
        #expect(throws: (any Error).self) { try DaemonConfiguration(file: bad.path) }
    }

    @Test func theDaemonKeepsTheReportOfItsLastCommit() throws {
        let fixture = try GitFixture()
        try fixture.write("App/A.swift", Snippets.view("A"))
        try fixture.commit("start")
        let report = fixture.folder.url.appendingPathComponent("site/index.html")
        let daemon = try DaemonHarness(fixture: fixture, extra: #", "report_file": "\#(report.path)", "report_interval_seconds": 0"#)
        try daemon.start()
        try daemon.wait("the report at start-up") { FileManager.default.fileExists(atPath: report.path) }
        try fixture.write("App/A.swift", Snippets.fixedView)
        let regression = try fixture.commit("hardcode a size")
        try daemon.wait("the report of the new commit") {
            ((try? String(contentsOf: report, encoding: .utf8)) ?? "").contains("id=\"c-\(regression)\"")
        }
        let page = try String(contentsOf: report, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</html>\n"), "a whole page, never half of one")
        #expect(!FileManager.default.fileExists(atPath: report.path + ".tmp"))
        #expect(daemon.logText.contains("app: wrote the report \(report.path)"))
        #expect(daemon.stop() == 0)
    }
}
