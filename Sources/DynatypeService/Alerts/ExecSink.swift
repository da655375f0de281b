import DynatypeEngine
import DynatypeHistory
import Foundation

/// Runs the configured command with the alert as JSON on stdin, stopping
/// its process group after the timeout. Exit status 0 is a delivery;
/// anything else is retried. The hook gets a minimal environment: the
/// daemon's `inherited` variables and the DYNATYPE_* ones, never the rest
/// (PGPASSWORD, a webhook's secret_env).
struct ExecSink: AlertSink {
    let hook: DaemonConfiguration.ExecHook
    var name: String { "exec" }

    static let inherited = ["PATH", "HOME", "LANG", "LC_ALL", "TZ", "TMPDIR"]

    func deliver(_ delivery: PendingDelivery, document: AlertDocument, cancellation: DeliveryCancellation) throws {
        var environment = ProcessInfo.processInfo.environment.filter { Self.inherited.contains($0.key) }
        environment["DYNATYPE_ALERT_ID"] = document.id
        environment["DYNATYPE_ALERT_KIND"] = document.kind.rawValue
        environment["DYNATYPE_REPOSITORY"] = document.repository
        environment["DYNATYPE_COMMIT"] = document.commit
        let process = HookProcess(command: hook.command, environment: environment, timeout: hook.timeout)
        let outcome = try process.run(input: delivery.payload, cancellation: cancellation)
        let program = hook.command[0]
        let stderr = String(decoding: outcome.stderrTail, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let detail = stderr.isEmpty ? "" : ": \(stderr)"
        switch outcome.termination {
        case .exited(0):
            return
        case .exited(let status):
            throw DeliveryError(message: "\(program) exited with status \(status)\(detail)")
        case .signalled(let signal):
            throw DeliveryError(message: "\(program) was killed by signal \(signal)\(detail)")
        case .timedOut:
            throw DeliveryError(message: "\(program) did not finish within \(hook.timeout) s; its process group was stopped\(detail)")
        case .cancelled:
            throw DeliveryError(message: "\(program) was stopped because the daemon is stopping")
        }
    }
}
