import DynatypeRules
import Foundation

/// The formats `dynatype audit` can write (SwiftLint users know these names).
public enum OutputFormat: String, CaseIterable, Sendable {
    case text, xcode, json, sarif, github, markdown, junit, checkstyle, codeclimate, sonarqube, csv, html

    public func render(_ outcome: AuditOutcome, options: ReportOptions = ReportOptions()) -> String {
        switch self {
        case .text: return TextReporter(options: options).render(outcome)
        case .xcode: return XcodeReporter().render(outcome)
        case .json: return JSONReporter().render(outcome)
        case .sarif: return SARIFReporter().render(outcome)
        case .github: return GitHubReporter(options: options).render(outcome)
        case .markdown: return MarkdownReporter().render(outcome)
        case .junit: return JUnitReporter().render(outcome)
        case .checkstyle: return CheckstyleReporter().render(outcome)
        case .codeclimate: return CodeClimateReporter().render(outcome)
        case .sonarqube: return SonarQubeReporter().render(outcome)
        case .csv: return CSVReporter().render(outcome)
        case .html: return AuditHTMLReporter().render(outcome)
        }
    }
}

public struct ReportOptions: Sendable {
    /// How much of a many-file audit the text report shows.
    public enum Detail: Sendable {
        /// Failing files with their errors, and the summary line.
        case quiet
        /// Failing files first with their findings, files with warnings or
        /// notes, passing files as one count, then the summary block.
        case normal
        /// Every file with its passing elements, then the summary block.
        case verbose
        /// The summary block alone: one screen, whatever the audit's size.
        case summary
    }

    /// ANSI colors in the text report (for a terminal).
    public var color: Bool
    public var detail: Detail = .normal
    /// Where paths in `github` annotations are relative to: the repository
    /// root, which is where GitHub resolves them from.
    public var annotationRoot: String

    public init(color: Bool = false, detail: Detail = .normal, annotationRoot: String = FileManager.default.currentDirectoryPath) {
        self.color = color
        self.detail = detail
        self.annotationRoot = annotationRoot
    }
}

extension AuditOutcome {
    /// A report's path as an absolute path.
    func absolutePath(of report: FileReport) -> String {
        report.path.hasPrefix("/") ? report.path : (root as NSString).appendingPathComponent(report.path)
    }
}

extension Finding {
    /// `message; fix: …`: one line for formats that have one message field.
    var messageWithFix: String {
        fix.isEmpty || fix == "—" ? message : "\(message); fix: \(fix)"
    }
}
