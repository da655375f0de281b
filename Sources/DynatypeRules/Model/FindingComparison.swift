/// How an audit's findings compare with a reference: a baseline file of
/// accepted findings, or the base revision of a change. The states are
/// SARIF 2.1.0's `baselineState` names, so every format can say the same.
public struct FindingComparison: Sendable {
    public enum State: String, Sendable {
        /// Not in the reference: it counts (fails a file, sets the exit status).
        case new
        /// Already in the reference: reported apart, fails nothing.
        case unchanged
    }

    public enum Reference: Sendable {
        /// A baseline file (its path as the user named it).
        case baseline(file: String)
        /// The merge base of a change and its head, with both trees' summaries
        /// and why the change regresses (empty when it does not).
        case change(base: String, head: String, before: AuditSummary, after: AuditSummary, regressions: [String])
    }

    public var reference: Reference
    /// Per report path, the state of each of its findings, in the report's order.
    public var states: [String: [State]]
    /// The reference's findings that no longer occur (fixed).
    public var absent: [AbsentFinding]

    public init(reference: Reference, states: [String: [State]], absent: [AbsentFinding]) {
        self.reference = reference
        self.states = states
        self.absent = absent
    }

    /// Whether only new findings are to be shown (a change: the rest is not the change's).
    public var isChange: Bool {
        if case .change = reference { return true }
        return false
    }
}

/// A finding of the reference that the audit no longer has.
public struct AbsentFinding: Codable, Hashable, Sendable {
    public var path: String
    public var rule: String
    public var fingerprint: String
    /// The code it was reported on.
    public var current: String
    /// Where it was, when the reference knows (a baseline does not keep lines).
    public var line: Int?
    public var severity: Severity?

    public init(path: String, rule: String, fingerprint: String, current: String, line: Int? = nil, severity: Severity? = nil) {
        self.path = path
        self.rule = rule
        self.fingerprint = fingerprint
        self.current = current
        self.line = line
        self.severity = severity
    }
}

extension AuditOutcome {
    /// The outcome judged against a reference: a file fails only for new
    /// errors, and the summary counts new findings only (element verdicts,
    /// and so the compliance ratio, stay as they are: old debt is still debt).
    public func comparing(_ comparison: FindingComparison) -> AuditOutcome {
        var compared = self
        compared.comparison = comparison
        var counted: [FileReport] = []
        for index in compared.reports.indices {
            var report = compared.reports[index]
            let fresh = compared.findings(of: report, in: .new)
            report.verdict = fresh.contains { $0.severity == .error } ? .fail : .pass
            compared.reports[index].verdict = report.verdict
            report.findings = fresh
            counted.append(report)
        }
        compared.summary = AuditSummary(reports: counted)
        return compared
    }

    /// The state of a report's finding (new when there is no reference).
    public func state(ofFinding index: Int, in report: FileReport) -> FindingComparison.State {
        guard let states = comparison?.states[report.path], index < states.count else { return .new }
        return states[index]
    }

    /// A report's findings in one state, in order.
    public func findings(of report: FileReport, in state: FindingComparison.State) -> [Finding] {
        report.findings.indices.filter { self.state(ofFinding: $0, in: report) == state }.map { report.findings[$0] }
    }

    /// Findings the reference already had.
    public var unchangedCount: Int {
        reports.reduce(0) { $0 + findings(of: $1, in: .unchanged).count }
    }
}
