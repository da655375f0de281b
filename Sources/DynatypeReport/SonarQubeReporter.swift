import DynatypeRules

/// SonarQube's generic external issues (`sonar.externalIssuesReportPaths`):
/// paths relative to the audited folder (the project base directory), 0-based columns.
struct SonarQubeReporter {
    private struct Document: Encodable {
        let issues: [Issue]
    }

    private struct Issue: Encodable {
        struct Location: Encodable {
            struct TextRange: Encodable {
                let startLine: Int
                let startColumn: Int
            }
            let message: String
            let filePath: String
            let textRange: TextRange
        }

        let engineId = "dynatype"
        let ruleId: String
        let severity: String
        let type = "CODE_SMELL"
        let primaryLocation: Location
    }

    func render(_ outcome: AuditOutcome) -> String {
        // Sonar's keys are camelCase: plain JSONEncoder rather than JSONOutput's snake_case.
        let issues = outcome.countedFindings.map { item in
            Issue(
                ruleId: item.finding.rule.rawValue, severity: severity(item.finding.severity),
                primaryLocation: .init(
                    message: item.finding.messageWithFix, filePath: item.report.path,
                    textRange: .init(startLine: item.finding.position.line, startColumn: item.finding.position.column - 1)
                )
            )
        }
        return JSONOutput.encode(Document(issues: issues), keys: .useDefaultKeys)
    }

    private func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "MAJOR"
        case .warning: return "MINOR"
        case .note: return "INFO"
        }
    }
}
