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

    /// The process holding a database's lock.
    public struct Holder: Sendable, CustomStringConvertible {
        /// Nil when the lock file does not name it.
        public let pid: Int32?
        public var description: String { pid.map { "pid \($0)" } ?? "another process" }
    }

    /// Who holds a database's lock, or nil when nobody does.
    public static func holder(database: String) -> Holder? {
        let path = database + ".lock"
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) != 0 else {
            flock(descriptor, LOCK_UN)
            return nil
        }
        let pid = (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return Holder(pid: pid)
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
