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
}
