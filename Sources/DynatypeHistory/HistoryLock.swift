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

    /// Who holds a database's lock ("pid 1234"), or nil when nobody does.
    public static func holder(database: String) -> String? {
        let path = database + ".lock"
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) != 0 else {
            flock(descriptor, LOCK_UN)
            return nil
        }
        let pid = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return pid.isEmpty ? "another process" : "pid \(pid)"
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
