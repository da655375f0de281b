import Foundation

/// A non-blocking pipe another thread (or a signal handler) writes a byte to,
/// so the main loop's `poll` wakes up at once instead of at its next timeout.
final class WakeupPipe: @unchecked Sendable {
    /// The read end, for `poll`.
    let descriptor: Int32
    private let writeDescriptor: Int32

    init() {
        let descriptors = Self.openNonBlocking()
        descriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if writeDescriptor >= 0 { close(writeDescriptor) }
    }

    /// Never blocks: when the pipe is full, a wake-up is pending anyway.
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Whether any wake-up arrived since the last call.
    func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        var any = false
        while read(descriptor, &buffer, buffer.count) > 0 { any = true }
        return any
    }

    /// Both ends close on exec (hooks must not inherit them) and never block.
    /// Without descriptors left, both are -1: `poll` skips a negative
    /// descriptor and writes to it fail, so the loop falls back to its timeout.
    static func openNonBlocking() -> [Int32] {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return [-1, -1] }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        return descriptors
    }
}
