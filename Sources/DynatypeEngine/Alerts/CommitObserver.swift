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
    /// The configuration it was audited with, and what its own file said.
    public let configuration: ResolvedConfiguration
    /// Files it renamed.
    public let renames: [PathRename]
    let state: TreeState

    /// Whether a finding is still present (at its path, or anywhere when the
    /// file has gone: it may have moved).
    public func hasFinding(_ fingerprint: String, at path: String) -> Bool {
        if let file = state.files[path] { return file.fingerprints.contains(fingerprint) }
        return state.files.values.contains { $0.fingerprints.contains(fingerprint) }
    }

    public func isFailing(_ path: String) -> Bool { state.files[path]?.report.verdict == .fail }

    /// A finding of the base followed to its identity here: through a move
    /// (another file or declaration) or a rename of its file.
    func follow(_ finding: OpenRegression.Finding) -> OpenRegression.Finding {
        if let move = changes.first(where: { $0.kind == .moved && $0.fromFingerprint == finding.fingerprint }) {
            return OpenRegression.Finding(fingerprint: move.fingerprint, path: move.path, rule: move.rule)
        }
        guard let rename = renames.first(where: { $0.oldPath == finding.path }), let file = state.files[rename.newPath],
            let index = Fingerprint.of(file.report.findings, path: rename.oldPath).firstIndex(of: finding.fingerprint)
        else { return finding }
        return OpenRegression.Finding(fingerprint: file.fingerprints[index], path: rename.newPath, rule: finding.rule)
    }

    /// Whether the commit's configuration no longer checks a finding (its
    /// rule is off, or its file is not audited): gone, but not fixed.
    public func isUnchecked(_ finding: OpenRegression.Finding) -> Bool {
        if let rule = finding.rule.flatMap(RuleID.init(rawValue:)), !configuration.effective.rules.isEnabled(rule) { return true }
        return !state.includes(finding.path)
    }
}

/// Sees every commit audited with a base, and says what to save with it.
public protocol CommitObserver: AnyObject {
    func notifications(for audit: CommitAudit) throws -> CommitNotifications
    /// The commit and the notifications made for it are saved.
    func saved(_ sha: String)
}
