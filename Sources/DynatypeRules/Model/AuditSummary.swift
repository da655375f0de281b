/// The numbers that describe the compliance of a set of files: a one-shot
/// audit, or a commit's whole tree. Additive, so the history updates a
/// parent's summary with the changed files only.
public struct AuditSummary: Codable, Hashable, Sendable {
    public var filesAudited = 0
    public var filesFailing = 0
    public var textElements = 0
    public var textElementsPassing = 0
    public var errors = 0
    public var warnings = 0
    public var notes = 0
    /// Active findings per rule id.
    public var findingsByRule: [String: Int] = [:]

    public init() {}

    public init(reports: some Sequence<FileReport>) {
        for report in reports { add(report) }
    }

    /// Passing elements over all elements; 1 when there are none.
    public var complianceRatio: Double {
        textElements == 0 ? 1 : Double(textElementsPassing) / Double(textElements)
    }

    public mutating func add(_ report: FileReport) { apply(report, sign: 1) }

    public mutating func remove(_ report: FileReport) { apply(report, sign: -1) }

    private mutating func apply(_ report: FileReport, sign: Int) {
        filesAudited += sign
        if report.verdict == .fail { filesFailing += sign }
        textElements += sign * report.elements.count
        textElementsPassing += sign * report.passingElementCount
        for finding in report.findings {
            switch finding.severity {
            case .error: errors += sign
            case .warning: warnings += sign
            case .note: notes += sign
            }
            let count = (findingsByRule[finding.rule.rawValue] ?? 0) + sign
            findingsByRule[finding.rule.rawValue] = count == 0 ? nil : count
        }
    }
}

/// The result of auditing a set of files once.
public struct AuditOutcome: Sendable {
    /// The folder paths are relative to (SARIF's `%SRCROOT%`).
    public var root: String
    public var reports: [FileReport]
    public var summary: AuditSummary
    /// Files that were not audited, with the reason (binary, too large, unreadable).
    public var skipped: [SkippedFile]
    /// Set when the findings are judged against a baseline or a base revision.
    public var comparison: FindingComparison?

    public init(root: String, reports: [FileReport], skipped: [SkippedFile]) {
        self.root = root
        self.reports = reports
        self.summary = AuditSummary(reports: reports)
        self.skipped = skipped
    }
}

public struct SkippedFile: Codable, Hashable, Sendable {
    public var path: String
    public var reason: String
    /// An input error (unreadable, missing) rather than a file dynatype declines (binary, too large).
    public var isError: Bool

    public init(path: String, reason: String, isError: Bool) {
        self.path = path
        self.reason = reason
        self.isError = isError
    }
}
