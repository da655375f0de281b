import DynatypeRules
import Foundation

/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`.
/// Against a baseline or a base revision, only new findings are annotated.
struct GitHubReporter {
    let options: ReportOptions

    func render(_ outcome: AuditOutcome) -> String {
        var lines: [String] = []
        let base = URL(fileURLWithPath: options.annotationRoot)
        for report in outcome.reports {
            let path = relative(outcome.absolutePath(of: report), to: base.path)
            for finding in outcome.findings(of: report, in: .new) {
                let command: String
                switch finding.severity {
                case .error: command = "error"
                case .warning: command = "warning"
                case .note: command = "notice"
                }
                let properties = "file=\(escapeProperty(path)),line=\(finding.position.line),col=\(finding.position.column),title=\(escapeProperty("dynatype \(finding.rule.rawValue)"))"
                lines.append("::\(command) \(properties)::\(escapeData(finding.messageWithFix))")
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    private func relative(_ path: String, to base: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    // Escaping as the Actions toolkit does (`%`, CR, LF; plus `:` and `,` in properties).
    private func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
