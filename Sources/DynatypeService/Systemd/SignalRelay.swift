import Foundation

/// SIGTERM, SIGINT and SIGHUP turned into bytes on a pipe (the main loop
/// polls it) and into flags a long catch-up checks between commits.
public enum SignalRelay {
    nonisolated(unsafe) private static var pipeDescriptors: [Int32] = [-1, -1]
    nonisolated(unsafe) private static var stopFlag: Int32 = 0

    /// The read end of the pipe; readable when a signal arrived.
    public static var descriptor: Int32 { pipeDescriptors[0] }

    /// Whether SIGTERM or SIGINT arrived.
    public static var stopRequested: Bool { stopFlag != 0 }

    public static func install() {
        guard pipeDescriptors[0] < 0 else { return }
        pipeDescriptors = WakeupPipe.openNonBlocking()
        // Writes to a closed socket or pipe (a webhook, an exec hook) must fail, not kill.
        signal(SIGPIPE, SIG_IGN)
        // A parent may have started us with these blocked (a thread pool's
        // mask is inherited through fork/exec): unblock them here.
        var handled = sigset_t()
        sigemptyset(&handled)
        for number in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&handled, number) }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        for number in [SIGTERM, SIGINT, SIGHUP] {
            signal(number) { received in
                if received != SIGHUP { SignalRelay.stopFlag = 1 }
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(SignalRelay.pipeDescriptors[1], &byte, 1)
            }
        }
    }

    /// The signals received since the last call.
    public static func drain() -> [Int32] {
        var received: [Int32] = []
        var byte: UInt8 = 0
        while read(pipeDescriptors[0], &byte, 1) == 1 { received.append(Int32(byte)) }
        return received
    }
}
