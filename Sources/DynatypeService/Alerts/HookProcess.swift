import Foundation

/// One run of an exec hook, in a process group of its own so that whatever
/// it starts can be stopped with it. The alert goes to its stdin without
/// blocking (a hook may never read it), its stderr is drained as it comes
/// (a chatty hook never fills the pipe) keeping only a tail for the log, and
/// the hook is always reaped. Once the hook has exited or is stopped, the
/// rest of its group is killed and the pipes are abandoned: a background
/// child holding them cannot hold up the delivery. The process must ignore
/// SIGPIPE (the daemon does, see `SignalRelay`): a hook may exit without
/// reading its input.
struct HookProcess {
    enum Termination: Equatable {
        case exited(Int32)
        case signalled(Int32)
        /// Ran past its timeout; the group was stopped.
        case timedOut
        /// The daemon is stopping; the group was stopped.
        case cancelled
    }

    struct Outcome {
        let termination: Termination
        /// The last `stderrTailBytes` the hook wrote to stderr.
        let stderrTail: Data
    }

    let command: [String]
    let environment: [String: String]
    let timeout: Double

    static let stderrTailBytes = 4096
    /// Between SIGTERM to the group and SIGKILL.
    static let terminationGrace = 1.0
    /// How often the loop looks at the hook when its pipes are quiet.
    fileprivate static let pollMilliseconds: Int32 = 20

    /// Held from creating a hook's pipes to spawning it: pipes are made
    /// close-on-exec in a second step (Swift cannot see `pipe2`), and a hook
    /// spawned by another thread in between would inherit this hook's pipes
    /// and hold them open.
    private static let spawnLock = NSLock()

    func run(input: Data, cancellation: DeliveryCancellation) throws -> Outcome {
        let started = try start()
        var session = Session(pid: started.pid, input: input, stdin: started.stdin, stderr: started.stderr)
        defer { session.closePipes() }
        return session.supervise(timeout: timeout, cancellation: cancellation)
    }

    /// Spawns the hook; returns it with the daemon's ends of its stdin and stderr pipes.
    private func start() throws -> (pid: pid_t, stdin: Int32, stderr: Int32) {
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        let stdin = try PipePair()
        let stderr: PipePair
        do {
            stderr = try PipePair()
        } catch {
            stdin.closeBoth()
            throw error
        }
        // The hook's ends are the hook's alone.
        defer {
            close(stdin.read)
            close(stderr.write)
        }
        do {
            return (try spawn(stdin: stdin.read, stderr: stderr.write), stdin.write, stderr.read)
        } catch {
            close(stdin.write)
            close(stderr.read)
            throw error
        }
    }

    private func spawn(stdin: Int32, stderr: Int32) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, STDIN_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stderr, STDERR_FILENO)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Group 0: a new group led by the hook.
        posix_spawnattr_setpgroup(&attributes, 0)
        // The daemon ignores SIGPIPE and its thread may block signals; a hook
        // starts with neither.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let arguments = command.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (arguments + variables).forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, command[0], &actions, &attributes, arguments, variables)
        guard result == 0 else {
            throw DeliveryError(message: "cannot run \(command[0]): \(String(cString: strerror(result)))")
        }
        return pid
    }
}

/// A pipe whose ends are close-on-exec (the hook gets copies of its ends as
/// descriptors 0 and 2).
private struct PipePair {
    let read: Int32
    let write: Int32

    init() throws {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            throw DeliveryError(message: "cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        read = descriptors[0]
        write = descriptors[1]
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    }

    func closeBoth() {
        close(read)
        close(write)
    }
}

/// The daemon's side of a running hook.
private struct Session {
    let pid: pid_t
    let input: Data
    var stdin: Int32?
    var stderr: Int32?
    var written = 0
    var tail = Data()

    init(pid: pid_t, input: Data, stdin: Int32, stderr: Int32) {
        self.pid = pid
        self.input = input
        self.stdin = stdin
        self.stderr = stderr
        for descriptor in [stdin, stderr] {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
    }

    private var now: Double { ProcessInfo.processInfo.systemUptime }

    mutating func supervise(timeout: Double, cancellation: DeliveryCancellation) -> HookProcess.Outcome {
        let deadline = now + timeout
        var stopped: HookProcess.Termination?
        var killAt = Double.infinity
        while !hasExited, now < killAt {
            if stopped == nil {
                if cancellation.isCancelled {
                    stopped = .cancelled
                } else if now >= deadline {
                    stopped = .timedOut
                }
                if stopped != nil {
                    kill(-pid, SIGTERM)
                    killAt = now + HookProcess.terminationGrace
                }
            }
            pumpPipes()
        }
        // Whatever is left of the group goes: a background child of a hook
        // that exited, or all of a hook that was stopped. The hook is not yet
        // reaped here, so its pid (the group's id) cannot have been reused.
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        readStderr()
        let status = reap()
        let tail = tail.suffix(HookProcess.stderrTailBytes)
        if let stopped { return .init(termination: stopped, stderrTail: tail) }
        return .init(termination: status, stderrTail: tail)
    }

    /// Whether the hook has exited, leaving it a zombie (to be reaped by `reap`).
    private var hasExited: Bool {
        var info = siginfo_t()
        let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
        return result == 0 && info._sifields._sigchld.si_pid == pid
    }

    private func reap() -> HookProcess.Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift cannot import.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// Waits a little for either pipe, then writes what stdin takes and reads what stderr has.
    private mutating func pumpPipes() {
        var descriptors: [pollfd] = []
        if let stdin { descriptors.append(pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0)) }
        if let stderr { descriptors.append(pollfd(fd: stderr, events: Int16(POLLIN), revents: 0)) }
        _ = poll(&descriptors, nfds_t(descriptors.count), HookProcess.pollMilliseconds)
        for descriptor in descriptors where descriptor.revents != 0 {
            if descriptor.fd == stdin { writeStdin() } else { readStderr() }
        }
    }

    private mutating func writeStdin() {
        guard let descriptor = stdin else { return }
        while written < input.count {
            let count = input.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count > 0 {
                written += count
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN {
                return
            } else {
                break  // EPIPE: the hook closed stdin without reading it all
            }
        }
        close(descriptor)
        stdin = nil
    }

    private mutating func readStderr() {
        guard let descriptor = stderr else { return }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                tail.append(contentsOf: buffer[0..<count])
                // Trimmed in batches, not at every read.
                if tail.count > 4 * HookProcess.stderrTailBytes { tail = Data(tail.suffix(HookProcess.stderrTailBytes)) }
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN {
                return
            } else {
                close(descriptor)
                stderr = nil
                return
            }
        }
    }

    mutating func closePipes() {
        for descriptor in [stdin, stderr].compactMap({ $0 }) { close(descriptor) }
        stdin = nil
        stderr = nil
    }
}
