/// When the daemon rewrites a repository's HTML report: once the commits it
/// is auditing are done, and no sooner than `interval` after the last write,
/// so a burst of commits (one push, or several in a row) writes it once.
/// Times are the monotonic clock's seconds.
struct ReportSchedule {
    let interval: Double
    private var lastWrite: Double?
    /// When the pending write is due (nil: nothing to write).
    private(set) var due: Double?

    init(interval: Double) {
        self.interval = interval
    }

    /// A commit was audited (or the daemon started): the report is out of date.
    mutating func invalidate(at now: Double) {
        guard due == nil else { return }
        due = max(now, (lastWrite ?? -Double.infinity) + interval)
    }

    /// Whether the write is due at `now` (the caller writes, then calls `wrote`).
    func isDue(at now: Double) -> Bool { due.map { $0 <= now } ?? false }

    mutating func wrote(at now: Double) {
        lastWrite = now
        due = nil
    }
}
