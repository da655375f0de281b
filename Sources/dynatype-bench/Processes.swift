import Foundation

/// A child process's wall time and peak resident memory (from wait4's rusage).
struct ChildRun {
    let seconds: Double
    let peakBytes: Int
    let status: Int32
    let output: String
}

enum Child {
    /// Runs a program to completion, capturing stdout; stderr is discarded.
    static func run(_ executable: String, _ arguments: [String], in directory: String? = nil) -> ChildRun {
        var pipe: [Int32] = [0, 0]
        _ = pipe.withUnsafeMutableBufferPointer { Glibc.pipe($0.baseAddress!) }
        let start = DispatchTime.now().uptimeNanoseconds
        let pid = fork()
        if pid == 0 {
            dup2(pipe[1], STDOUT_FILENO)
            let devnull = open("/dev/null", O_WRONLY)
            dup2(devnull, STDERR_FILENO)
            close(pipe[0])
            if let directory { chdir(directory) }
            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            execv(executable, argv)
            _exit(127)
        }
        close(pipe[1])
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count <= 0 { break }
            output.append(buffer, count: count)
        }
        close(pipe[0])
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return ChildRun(seconds: seconds, peakBytes: usage.ru_maxrss * 1024, status: (status >> 8) & 0xFF, output: String(decoding: output, as: UTF8.self))
    }

    /// Runs git with the given arguments; throws with its output on failure.
    @discardableResult
    static func git(_ arguments: [String], in directory: String) throws -> String {
        let result = run("/usr/bin/git", arguments, in: directory)
        guard result.status == 0 else { throw BenchmarkError(message: "git \(arguments.joined(separator: " ")) failed") }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// The process's own peak resident memory so far.
func selfPeakBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
}

func megabytes(_ bytes: Int) -> String { String(format: "%.0f MB", Double(bytes) / 1_048_576) }

func temporaryFolder(_ name: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("dynatype-bench-\(name)-\(getpid())")
    try? FileManager.default.removeItem(at: url)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
