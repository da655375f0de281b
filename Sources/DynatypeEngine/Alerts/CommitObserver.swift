import DynatypeHistory
import DynatypeRules

/// A commit as it is audited, before it is saved: what an observer may turn
/// into alerts saved in the same transaction.
public struct CommitAudit {
    public let record: CommitRecord
    /// The record of the commit it was compared with.
    public let base: CommitRecord?
    /// The tracked ref whose new commits included it.
    public let ref: String
    public let changes: [FindingChange]
    /// Files that passed at the base and fail now.
    public let newlyFailing: [String]
    let state: TreeState

    /// Whether a finding is still present (at its path, or anywhere when the
    /// file has gone: it may have moved).
    public func hasFinding(_ fingerprint: String, at path: String) -> Bool {
        if let file = state.files[path] { return file.fingerprints.contains(fingerprint) }
        return state.files.values.contains { $0.fingerprints.contains(fingerprint) }
    }

    public func isFailing(_ path: String) -> Bool { state.files[path]?.report.verdict == .fail }
}

/// Sees every commit audited with a base, and says what to save with it.
public protocol CommitObserver: AnyObject {
    func notifications(for audit: CommitAudit) throws -> CommitNotifications
}
