import DynatypeRules

/// GitLab Code Quality (the Code Climate issue format): paths relative to
/// the audited folder (the project root in CI), the line-independent
/// fingerprint so GitLab matches issues across pipelines.
struct CodeClimateReporter {
    private struct Issue: Encodable {
        struct Location: Encodable {
            struct Lines: Encodable { let begin: Int }
            let path: String
            let lines: Lines
        }

        let type = "issue"
        let checkName: String
        let description: String
        let categories = ["Style"]
        let severity: String
        let fingerprint: String
        let location: Location
    }

    func render(_ outcome: AuditOutcome) -> String {
        JSONOutput.encode(outcome.countedFindings.map { item in
            Issue(
                checkName: item.finding.rule.rawValue, description: item.finding.messageWithFix,
                severity: severity(item.finding.severity), fingerprint: item.fingerprint,
                location: .init(path: item.report.path, lines: .init(begin: item.finding.position.line))
            )
        })
    }

    private func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "major"
        case .warning: return "minor"
        case .note: return "info"
        }
    }
}
