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

/// Text inside XML attributes and elements.
enum XMLText {
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t", "\r": out += "&#\(scalar.value);"
            // XML 1.0 cannot hold other control characters at all.
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
