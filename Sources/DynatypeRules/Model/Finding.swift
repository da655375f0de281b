/// One rule violation (or note) at one place in one file.
public struct Finding: Codable, Hashable, Sendable {
    public var rule: RuleID
    public var severity: Severity
    public var position: SourcePosition
    /// Why this is a problem, in one sentence.
    public var message: String
    /// The triggering code as written, on one line.
    public var current: String
    /// The exact code to write instead, when there is one.
    public var replacement: String?
    /// What to do, for a human: names the replacement or the step.
    public var fix: String
    /// The enclosing declaration path (`OrderCard.body`), part of the fingerprint.
    public var declaration: String
    /// Indices into the file's text elements that this finding makes fail.
    public var elements: [Int]
    /// The fix on macOS, where text styles have other sizes, when it differs
    /// and the file alone cannot tell its platform (SwiftUI code). Resolution
    /// picks it for a macOS-only project and clears it.
    public var onMacOS: FixAlternative?
    /// The fix in a watch app's folder, where iOS's sizes name no text
    /// style: resolution picks it there (`EntryPoints`) and clears it.
    public var onWatchOS: FixAlternative?
    /// The platforms the `#if` branch around it compiles for, when it is in
    /// one: resolution drops it where the project builds for none of them.
    public var compiledOn: Set<Platform>?

    /// A finding with the catalogue's severity for its rule (its escalated
    /// one when `escalated`); configuration may change it later.
    init(
        rule: RuleID, escalated: Bool = false, position: SourcePosition, message: String,
        current: String, replacement: String? = nil, fix: String, declaration: String, elements: [Int] = []
    ) {
        self.rule = rule
        self.severity = RuleCatalogue.descriptor(rule).severity(escalated: escalated)
        self.position = position
        self.message = message
        self.current = current
        self.replacement = replacement
        self.fix = fix
        self.declaration = declaration
        self.elements = elements
    }
}

/// A finding's replacement and fix text on another platform; its rule and
/// message too, where the platform decides which framework's font it is.
public struct FixAlternative: Codable, Hashable, Sendable {
    public var replacement: String?
    public var fix: String
    public var rule: RuleID?
    public var message: String?

    public init(replacement: String?, fix: String, rule: RuleID? = nil, message: String? = nil) {
        self.replacement = replacement
        self.fix = fix
        self.rule = rule
        self.message = message
    }
}
