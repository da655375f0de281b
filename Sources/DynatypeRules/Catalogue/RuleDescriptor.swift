/// A rule as users and tools see it: id, default severity, what it flags and
/// why, and examples. Triggering examples mark each expected finding with `↓`
/// before its first token; the examples run as tests.
public struct RuleDescriptor: Sendable {
    public let id: RuleID
    public let name: String
    public let defaultSeverity: Severity
    /// The families whose code reports the rule: their `emits` is read from here.
    let families: [any RuleFamily.Type]
    /// The severity under the condition `severityNote` names, for the one
    /// rule whose severity depends on context (`minimum_scale_factor`).
    let escalatedSeverity: Severity?
    /// How the severity reads in the catalogue when it depends on context.
    public let severityNote: String?
    public let summary: String
    public let rationale: String
    public let fix: String
    /// The public documentation it is based on.
    public let sources: String
    public let platforms: Set<Platform>
    /// How `dynatype fix` applies the replacement, when it is mechanical.
    public let mechanicalFix: FixableRules.Strategy?
    public let triggering: [RuleExample]
    public let nonTriggering: [RuleExample]

    init(
        _ id: RuleID, name: String, severity: Severity, families: [any RuleFamily.Type], escalatedSeverity: Severity? = nil, severityNote: String? = nil,
        summary: String, rationale: String, fix: String, sources: String, platforms: Set<Platform> = Set(Platform.allCases),
        mechanicalFix: FixableRules.Strategy? = nil, triggering: [RuleExample] = [], nonTriggering: [RuleExample] = []
    ) {
        self.id = id
        self.name = name
        self.defaultSeverity = severity
        self.families = families
        self.escalatedSeverity = escalatedSeverity
        self.severityNote = severityNote
        self.summary = summary
        self.rationale = rationale
        self.fix = fix
        self.sources = sources
        self.platforms = platforms
        self.mechanicalFix = mechanicalFix
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }

    /// The severity of a finding of this rule; `escalated` only where the
    /// rule's condition for its escalated severity holds.
    func severity(escalated: Bool) -> Severity {
        guard escalated else { return defaultSeverity }
        guard let escalatedSeverity else { preconditionFailure("the catalogue gives `\(id.rawValue)` no escalated severity") }
        return escalatedSeverity
    }

    /// `error`, or `warning; error with a one-line limit`.
    public var severityText: String { severityNote ?? defaultSeverity.rawValue }
}

/// A code example; `↓` marks where a finding is expected. `fileName` selects
/// the analyzer (`.swift`, `.xib`, `.storyboard`).
public struct RuleExample: Sendable {
    public let code: String
    public let fileName: String
    /// Where the example is declared, so a test that fails on it points there.
    public let fileID: String
    public let filePath: String
    public let line: Int

    public init(
        _ code: String, fileName: String = "Example.swift", fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
    ) {
        self.code = code
        self.fileName = fileName
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
    }

    public static let marker: Character = "↓"

    /// The code without markers, and the positions the markers stand for.
    public var unmarked: (code: String, positions: [SourcePosition]) {
        var positions: [SourcePosition] = []
        var output = ""
        var line = 1
        var column = 1
        for character in code {
            if character == Self.marker {
                positions.append(SourcePosition(line: line, column: column))
                continue
            }
            output.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.utf8.count
            }
        }
        return (output, positions)
    }
}
