import DynatypeRules

/// A finding that counts in CI formats (all of them, or the new ones
/// against a baseline or a base revision), with its file and fingerprint.
struct CountedFinding {
    let report: FileReport
    let finding: Finding
    let fingerprint: String
}

extension AuditOutcome {
    var countedFindings: [CountedFinding] {
        reports.flatMap { report in
            zip(report.findings.indices, Fingerprint.of(report.findings, path: report.path))
                .filter { state(ofFinding: $0.0, in: report) == .new }
                .map { CountedFinding(report: report, finding: report.findings[$0.0], fingerprint: $0.1) }
        }
    }
}
