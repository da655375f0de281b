import Foundation

/// One writer per history database: an advisory lock on `<database>.lock`
/// holding the writer's pid, released when the process ends (even by kill -9).
public final class HistoryLock {
    private let descriptor: Int32
    public let path: String

    public init(database: String) throws {
        path = database + ".lock"
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw HistoryError.locked(path: database, holder: "cannot open \(path): \(String(cString: strerror(errno)))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            close(descriptor)
            throw HistoryError.locked(path: database, holder: holder.map { "pid \($0)" } ?? "another process")
        }
        ftruncate(descriptor, 0)
        let pid = "\(getpid())\n"
        _ = pid.withCString { write(descriptor, $0, strlen($0)) }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
