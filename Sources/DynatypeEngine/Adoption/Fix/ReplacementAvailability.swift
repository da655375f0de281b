import DynatypeRules
import Foundation

/// A report's replacement code that the file's deployment target does not
/// have (`NSFont.preferredFont(forTextStyle:)` in an app for macOS 10.15)
/// would not compile where it is pasted: the finding keeps the code as
/// advice, with the release it needs, as `fix` does.
enum ReplacementAvailability {
    /// The reports with each too-new replacement turned into advice, and
    /// advice naming a too-new API told so. The project files are read only
    /// when some fix names an API that needs a release.
    static func reports(_ reports: [FileReport], root: URL, projectRoot: URL) -> [FileReport] {
        let needing = { (finding: Finding) in APIAvailability.of(finding.replacement ?? finding.fix) != nil }
        guard reports.contains(where: { $0.findings.contains(where: needing) }) else { return reports }
        let targets = DeploymentTargets(ProjectBuildFiles(root: projectRoot))
        return reports.map { report in
            guard report.findings.contains(where: needing) else { return report }
            let minimums = targets.minimums(for: root.appendingPathComponent(report.path))
            var report = report
            for index in report.findings.indices {
                let finding = report.findings[index]
                guard let needs = APIAvailability.of(finding.replacement ?? finding.fix), let missing = needs.unavailable(on: minimums).first
                else { continue }
                let release = "\(missing.platform.rawValue) \(missing.needed)"
                let reason = "\(needs.api) needs \(release) and the target is \(missing.platform.rawValue) \(missing.target)"
                if let replacement = finding.replacement {
                    report.findings[index].replacement = nil
                    report.findings[index].fix = "\(reason): use `\(replacement)` where \(release) is available "
                        + "(`if #available(\(release), *)`, `@available(\(release), *)`), or raise the deployment target"
                } else {
                    report.findings[index].fix += " (\(reason))"
                }
            }
            return report
        }
    }
}
