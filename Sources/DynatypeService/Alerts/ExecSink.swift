import DynatypeEngine
import DynatypeHistory
import Foundation

/// Runs the configured command with the alert as JSON on stdin (and a few
/// DYNATYPE_* variables), killing it after the timeout. Exit status 0 is a
/// delivery; anything else is retried.
struct ExecSink: AlertSink {
    let hook: DaemonConfiguration.ExecHook
    var name: String { "exec" }

    func deliver(_ delivery: PendingDelivery, document: AlertDocument) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: hook.command[0])
        process.arguments = Array(hook.command.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment["DYNATYPE_ALERT_ID"] = document.id
        environment["DYNATYPE_ALERT_KIND"] = document.kind.rawValue
        environment["DYNATYPE_REPOSITORY"] = document.repository
        environment["DYNATYPE_COMMIT"] = document.commit
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw DeliveryError(message: "cannot run \(hook.command[0]): \((error as NSError).localizedDescription)")
        }
        // The payload is written from another thread: a hook that does not
        // read stdin must not block the daemon.
        let payload = delivery.payload
        let writer = input.fileHandleForWriting
        DispatchQueue.global().async {
            try? writer.write(contentsOf: payload)
            try? writer.close()
        }
        let deadline = Date().addingTimeInterval(hook.timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            usleep(200_000)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            throw DeliveryError(message: "\(hook.command[0]) did not finish within \(hook.timeout) s and was stopped")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let stderr = String(decoding: errors.fileHandleForReading.availableData.prefix(500), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw DeliveryError(message: "\(hook.command[0]) exited with status \(process.terminationStatus)\(stderr.isEmpty ? "" : ": \(stderr)")")
        }
    }
}
