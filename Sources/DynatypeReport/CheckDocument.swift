import DynatypeRules

/// `dynatype check --format json`: the change's summaries, why it regresses,
/// and what it introduces and fixes.
struct CheckDocument: Encodable {
    let tool = ["name": "dynatype", "version": DynatypeVersion.current]
    let base: String
    let head: String
    let summaryBefore: SummaryDocument
    let summaryAfter: SummaryDocument
    let regression: [String]
    let introduced: [FindingDocument]
    let fixed: [AbsentFinding]

    init?(_ outcome: AuditOutcome) {
        guard let comparison = outcome.comparison,
            case .change(let base, let head, let before, let after, let regressions) = comparison.reference
        else { return nil }
        self.base = base
        self.head = head
        regression = regressions
        introduced = outcome.reports.flatMap { report in
            zip(report.findings.indices, Fingerprint.of(report.findings, path: report.path))
                .filter { outcome.state(ofFinding: $0.0, in: report) == .new }
                .map { FindingDocument(report.findings[$0.0], path: report.path, fingerprint: $0.1) }
        }
        fixed = comparison.absent
        summaryBefore = SummaryDocument(before)
        summaryAfter = SummaryDocument(after, introduced: introduced.count, fixed: fixed.count)
    }
}
