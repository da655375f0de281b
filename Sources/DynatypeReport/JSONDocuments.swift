import DynatypeRules
import Foundation

/// The JSON shapes dynatype writes (snake_case keys, documented in
/// docs/reference/formats.md). `summary` is shared by `audit`, `show` and `log`.
public struct SummaryDocument: Encodable, Sendable {
    let filesAudited: Int
    let filesFailing: Int
    let textElements: Int
    let textElementsPassing: Int
    let complianceRatio: Double
    let errors: Int
    let warnings: Int
    let notes: Int
    let findingsByRule: [String: Int]
    /// For a commit: findings introduced and fixed versus its base.
    let introduced: Int?
    let fixed: Int?
    /// Against a baseline: findings it already had (not counted above).
    let baseline: Int?

    public init(_ summary: AuditSummary, introduced: Int? = nil, fixed: Int? = nil, baseline: Int? = nil) {
        self.introduced = introduced
        self.fixed = fixed
        self.baseline = baseline
        filesAudited = summary.filesAudited
        filesFailing = summary.filesFailing
        textElements = summary.textElements
        textElementsPassing = summary.textElementsPassing
        complianceRatio = (summary.complianceRatio * 10_000).rounded() / 10_000
        errors = summary.errors
        warnings = summary.warnings
        notes = summary.notes
        findingsByRule = summary.findingsByRule
    }
}

public struct FindingDocument: Encodable, Sendable {
    let rule: String
    let severity: String
    let path: String
    let line: Int
    let column: Int
    let message: String
    let current: String
    let replacement: String?
    let fix: String
    let fingerprint: String

    public init(_ finding: Finding, path: String, fingerprint: String) {
        rule = finding.rule.rawValue
        severity = finding.severity.rawValue
        self.path = path
        line = finding.position.line
        column = finding.position.column
        message = finding.message
        current = finding.current
        replacement = finding.replacement
        fix = finding.fix
        self.fingerprint = fingerprint
    }
}

struct ElementDocument: Encodable {
    let kind: String
    let line: Int
    let column: Int
    let description: String
    let font: String
    let verdict: String
    let reason: String

    init(_ audited: AuditedElement) {
        kind = audited.element.kind
        line = audited.element.position.line
        column = audited.element.position.column
        description = audited.element.description
        font = audited.element.font
        verdict = audited.verdict.rawValue
        reason = audited.reason
    }
}

struct FileDocument: Encodable {
    let path: String
    let verdict: String
    /// New findings (all of them without a baseline).
    let findings: [FindingDocument]
    /// With a baseline: the findings it already had, which fail nothing.
    let baselined: [FindingDocument]?
    let elements: [ElementDocument]
    let remarks: [String]

    init(_ report: FileReport, in outcome: AuditOutcome? = nil) {
        path = report.path
        verdict = report.verdict.rawValue
        let documents = zip(report.findings, Fingerprint.of(report.findings, path: report.path)).map {
            FindingDocument($0, path: report.path, fingerprint: $1)
        }
        let states = report.findings.indices.map { outcome?.state(ofFinding: $0, in: report) ?? .new }
        findings = zip(documents, states).filter { $1 == .new }.map(\.0)
        baselined = outcome?.comparison == nil ? nil : zip(documents, states).filter { $1 == .unchanged }.map(\.0)
        elements = report.elements.map(ElementDocument.init)
        remarks = report.remarks
    }
}

struct AuditDocument: Encodable {
    let tool = ["name": "dynatype", "version": DynatypeVersion.current]
    let root: String
    let summary: SummaryDocument
    let files: [FileDocument]
    let skipped: [SkippedFile]
    /// With a baseline: its findings that no longer occur.
    let fixedFindings: [AbsentFinding]?
}

public enum JSONOutput {
    /// Pretty, key-sorted JSON (snake_case keys unless told) with a trailing newline.
    public static func encode(_ value: some Encodable, keys: JSONEncoder.KeyEncodingStrategy = .convertToSnakeCase) -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = keys
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

struct JSONReporter {
    func render(_ outcome: AuditOutcome) -> String {
        if let change = CheckDocument(outcome) { return JSONOutput.encode(change) }
        let absent = outcome.comparison?.absent
        return JSONOutput.encode(AuditDocument(
            root: outcome.root,
            summary: SummaryDocument(
                outcome.summary, fixed: absent?.count, baseline: outcome.comparison.map { _ in outcome.unchangedCount }
            ),
            files: outcome.reports.map { FileDocument($0, in: outcome) }, skipped: outcome.skipped, fixedFindings: absent
        ))
    }
}
