/// The audited result of one file: what every output format renders and what
/// the history stores.
public struct FileReport: Codable, Hashable, Sendable {
    public enum Verdict: String, Codable, Sendable {
        case pass = "PASS"
        case fail = "FAIL"
    }

    public var path: String
    public var verdict: Verdict
    /// Active findings (after configuration and suppressions), sorted by position.
    public var findings: [Finding]
    public var elements: [AuditedElement]
    /// Remarks of the text report that are not findings ("no text elements found").
    public var remarks: [String]

    public init(path: String, verdict: Verdict, findings: [Finding], elements: [AuditedElement], remarks: [String]) {
        self.path = path
        self.verdict = verdict
        self.findings = findings
        self.elements = elements
        self.remarks = remarks
    }

    public var passingElementCount: Int { elements.filter { $0.verdict == .passing }.count }

    public func count(of severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }
}

/// A text element with its final verdict and the reason for it.
public struct AuditedElement: Codable, Hashable, Sendable {
    public var element: TextElement
    public var verdict: ElementVerdict
    public var reason: String

    public init(element: TextElement, verdict: ElementVerdict, reason: String) {
        self.element = element
        self.verdict = verdict
        self.reason = reason
    }
}
