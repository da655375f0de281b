import DynatypeHistory
import Foundation

/// A history that a running daemon holds, as `status` sees it: whether its
/// files are as SQLite left them, and why it cannot be read, in words that
/// say what happened and what to do (SQLite's own, "disk I/O error", name
/// neither).
struct HeldHistory {
    let database: String
    let daemon: HistoryLock.Holder

    private var writeAheadLog: String { database + "-wal" }

    /// Whether the daemon still has the write-ahead log open after the file
    /// was deleted: it goes on recording into the deleted file, which other
    /// readers cannot see. Read from the daemon's open files in /proc, which
    /// only its own user (or root) may list.
    var writeAheadLogWasRemoved: Bool {
        guard let pid = daemon.pid, let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") else { return false }
        let removed = writeAheadLog + " (deleted)"
        return descriptors.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == removed }
    }

    /// A graceful stop checkpoints through the daemon's open descriptor, so
    /// what it recorded into a removed log reaches the database.
    private var restart: String {
        "stop it with SIGTERM (`systemctl stop dynatype`, or Ctrl-C), which writes what it recorded back into the database, and start it again"
    }

    private var removedLog: String {
        "its write-ahead log \(writeAheadLog) was removed while the daemon (\(daemon)) has it open, and the daemon goes on recording into the removed file"
    }

    /// The problem with a history that could be read: what it shows is what
    /// the database held before the log was removed.
    var staleProblem: String? {
        writeAheadLogWasRemoved ? "what is shown may be out of date: \(removedLog); \(restart)" : nil
    }

    /// The problem with a history that could not be read.
    func problem(reading error: Error) -> String {
        if writeAheadLogWasRemoved {
            return "the database cannot be read consistently: \(removedLog); \(restart)"
        }
        if let sqlite = error as? SQLiteError, sqlite.isIOError {
            return "the database cannot be read consistently while the daemon (\(daemon)) holds it (\(sqlite)); if \(writeAheadLog) was removed, \(restart)"
        }
        return "\(error)"
    }
}
