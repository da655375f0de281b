@testable import DynatypeHistory
@testable import DynatypeService
import Foundation
import Testing

/// Exec hooks that misbehave, run through `ExecSink` in-process: each must
/// end (delivered or failed) in bounded time, leaving no process behind.
@Suite struct ExecHookTests {
    /// Runs `script` (sh) as the hook; returns the error it failed with (nil:
    /// delivered) and how long the delivery took.
    static func deliver(
        _ script: String, timeout: Double = 30, payload: Data = Data("{}".utf8), cancellation: DeliveryCancellation = DeliveryCancellation()
    ) -> (error: String?, seconds: Double) {
        // As in the daemon (SignalRelay): a hook that exits without reading
        // its input makes writing it fail, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        let sink = ExecSink(hook: .init(command: ["/bin/sh", "-c", script], timeout: timeout))
        let delivery = PendingDelivery(alertID: 1, key: "app:regression:abc", kind: .regression, sink: "exec", payload: payload, attempts: 0)
        let start = Date()
        do {
            try sink.deliver(delivery, document: DaemonUnitTests.document, cancellation: cancellation)
            return (nil, Date().timeIntervalSince(start))
        } catch {
            return ("\(error)", Date().timeIntervalSince(start))
        }
    }

    static func pids(in file: URL) throws -> [pid_t] {
        try String(contentsOf: file, encoding: .utf8).split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
    }

    @Test func aHookThatHangsIsStoppedWithItsWholeGroupAtTheTimeout() throws {
        let folder = try TemporaryDirectory()
        let pids = folder.url.appendingPathComponent("pids")
        // The hook and a child of its own both ignore SIGTERM: only SIGKILL to the group ends them.
        let (error, seconds) = Self.deliver("trap '' TERM; sleep 300 & echo $$ $! > \(pids.path); wait", timeout: 0.5)
        #expect(error?.contains("did not finish within 0.5 s; its process group was stopped") == true, "\(error ?? "delivered")")
        #expect(seconds < 10, "took \(seconds) s")
        let started = try Self.pids(in: pids)
        #expect(started.count == 2)
        for pid in started { #expect(!isProcessRunning(pid), "pid \(pid) survived") }
    }

    @Test func aChildThatOutlivesTheHookHoldingItsPipesDoesNotHoldUpTheDelivery() throws {
        let folder = try TemporaryDirectory()
        let pids = folder.url.appendingPathComponent("pids")
        // The background sleep inherits stdin and stderr and keeps them open.
        let (error, seconds) = Self.deliver("sleep 300 & echo $! > \(pids.path); exit 0", timeout: 30)
        #expect(error == nil, "\(error ?? "")")
        #expect(seconds < 10, "took \(seconds) s")
        for pid in try Self.pids(in: pids) { #expect(!isProcessRunning(pid), "the hook's child \(pid) survived") }
    }

    @Test func aHookWritingAMegabyteToStderrCompletesAndOnlyItsTailIsKept() {
        let script = "head -c 1048576 /dev/zero | tr '\\0' x >&2; echo ' the end' >&2; exit 3"
        let (error, seconds) = Self.deliver(script, timeout: 30)
        let message = error ?? ""
        #expect(message.hasPrefix("/bin/sh exited with status 3: xxx"), "\(message.prefix(200))")
        #expect(message.hasSuffix("the end"))
        #expect(message.utf8.count < HookProcess.stderrTailBytes + 100)
        #expect(seconds < 10, "took \(seconds) s")
    }

    @Test func aHookThatNeverReadsItsInputIsNotBlockedByIt() {
        // Far more than a pipe holds.
        let payload = Data(repeating: UInt8(ascii: " "), count: 4 << 20)
        let (error, seconds) = Self.deliver("exit 0", timeout: 30, payload: payload)
        #expect(error == nil, "\(error ?? "")")
        #expect(seconds < 10, "took \(seconds) s")
    }

    @Test func aHookReceivesTheWholeAlertOnStdinAndItsVariables() throws {
        let folder = try TemporaryDirectory()
        let received = folder.url.appendingPathComponent("received")
        let payload = Data((0..<20_000).map { "\($0)," }.joined().utf8)
        let (error, _) = Self.deliver("cat > \(received.path); echo $DYNATYPE_ALERT_ID >> \(received.path)", payload: payload)
        #expect(error == nil, "\(error ?? "")")
        #expect(try Data(contentsOf: received) == payload + Data("app:regression:abc\n".utf8))
    }

    @Test func aHookInheritsNoSecretFromTheDaemonsEnvironment() throws {
        let folder = try TemporaryDirectory()
        let received = folder.url.appendingPathComponent("environment")
        setenv("DYNATYPE_TEST_WEBHOOK_TOKEN", "s3cret", 1)
        let (error, _) = Self.deliver("env > \(received.path)")
        #expect(error == nil, "\(error ?? "")")
        let names = try String(contentsOf: received, encoding: .utf8).split(separator: "\n").compactMap { $0.split(separator: "=").first.map(String.init) }
        #expect(!names.contains("DYNATYPE_TEST_WEBHOOK_TOKEN"))
        #expect(Set(names).isSubset(of: Set(ExecSink.inherited + ["DYNATYPE_ALERT_ID", "DYNATYPE_ALERT_KIND", "DYNATYPE_REPOSITORY", "DYNATYPE_COMMIT", "PWD", "SHLVL", "_"])), "\(names)")
        #expect(names.contains("PATH"))
    }

    @Test func aStoppingDaemonStopsARunningHookWithoutWaitingForItsTimeout() {
        let cancellation = DeliveryCancellation()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { cancellation.cancel() }
        let (error, seconds) = Self.deliver("trap '' TERM; sleep 300", timeout: 300, cancellation: cancellation)
        #expect(error?.contains("because the daemon is stopping") == true, "\(error ?? "delivered")")
        #expect(seconds < 10, "took \(seconds) s")
    }

    @Test func aHookThatFailsReportsItsStatusAndAMissingOneCannotRun() {
        #expect(Self.deliver("echo nope >&2; exit 7").error == "/bin/sh exited with status 7: nope")
        let missing = ExecSink(hook: .init(command: ["/nonexistent/hook"], timeout: 5))
        let delivery = PendingDelivery(alertID: 1, key: "k", kind: .regression, sink: "exec", payload: Data(), attempts: 0)
        #expect(throws: DeliveryError.self) {
            try missing.deliver(delivery, document: DaemonUnitTests.document, cancellation: DeliveryCancellation())
        }
    }

    @Test(arguments: [1e300, .infinity, .nan, -5])
    func theRetryBackoffSaturatesWhateverTheSettings(seconds: Double) {
        let backoff = RetryBackoff(initial: seconds, maximum: seconds)
        for attempts in [0, 1, 2, 40, Int.max] {
            let delay = backoff.delay(afterAttempts: attempts)
            #expect(delay >= 0 && delay <= RetryBackoff.longestDelay)
            #expect(backoff.date(afterDelay: delay).timeIntervalSinceNow <= RetryBackoff.longestDelay)
            #expect(RetryBackoff.describe(delay).hasSuffix(" s"))
        }
        #expect(RetryBackoff(initial: 1, maximum: 300).delay(afterAttempts: 1) == 1)
        #expect(RetryBackoff(initial: 1, maximum: 300).delay(afterAttempts: 4) == 8)
        #expect(RetryBackoff(initial: 1, maximum: 300).delay(afterAttempts: 40) == 300)
    }
}
