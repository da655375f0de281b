import Foundation

/// `sd_notify` without libsystemd: datagrams to `$NOTIFY_SOCKET` (a leading
/// `@` is Linux's abstract namespace). Does nothing outside systemd.
public final class SystemdNotifier: ServiceManagerNotifier {
    private let address: [UInt8]?
    /// Half of `$WATCHDOG_USEC` when the watchdog is meant for this process.
    public let watchdogInterval: Double?

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let socket = environment["NOTIFY_SOCKET"], !socket.isEmpty, socket.hasPrefix("/") || socket.hasPrefix("@") {
            var bytes = Array(socket.utf8)
            if bytes[0] == UInt8(ascii: "@") { bytes[0] = 0 }
            address = bytes
        } else {
            address = nil
        }
        let forUs = environment["WATCHDOG_PID"].map { Int32($0) == getpid() } ?? true
        if forUs, let text = environment["WATCHDOG_USEC"], let microseconds = Double(text), microseconds > 0 {
            watchdogInterval = microseconds / 2e6
        } else {
            watchdogInterval = nil
        }
    }

    public var isActive: Bool { address != nil }

    public func send(_ state: String) {
        guard let address else { return }
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: socketAddress.sun_path)
        guard address.count < capacity else { return }
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { buffer in
            for (index, byte) in address.enumerated() { buffer[index] = byte }
        }
        // The exact length: an abstract address is not NUL-terminated.
        let length = socklen_t(MemoryLayout<sa_family_t>.size + address.count)
        let message = Array(state.utf8)
        _ = withUnsafePointer(to: &socketAddress) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(descriptor, message, message.count, Int32(MSG_NOSIGNAL), $0, length) }
        }
    }

    public func ready(status: String) { send("READY=1\nSTATUS=\(status)") }

    public func status(_ text: String) { send("STATUS=\(text)") }

    public func stopping() { send("STOPPING=1\nSTATUS=stopping") }

    public func alive(status: String?) { send("WATCHDOG=1" + (status.map { "\nSTATUS=\($0)" } ?? "")) }

    public func reloading() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        send("RELOADING=1\nMONOTONIC_USEC=\(Int(now.tv_sec) * 1_000_000 + Int(now.tv_nsec) / 1000)")
    }

    public func extendStartTimeout(seconds: Double) { send("EXTEND_TIMEOUT_USEC=\(Int(seconds * 1e6))") }

}
