/// A `// dynatype:…` comment, SwiftLint style (the rule catalogue "Suppression comments").
public struct Suppression: Codable, Hashable, Sendable {
    public enum Scope: String, Codable, Sendable {
        case next, this, previous, disable, enable
    }

    public var scope: Scope
    /// Rule ids as written; `all` stands for every rule.
    public var rules: [String]
    /// Text after ` - `, kept in reports.
    public var reason: String?
    /// Where the comment starts.
    public var position: SourcePosition

    public init(scope: Scope, rules: [String], reason: String?, position: SourcePosition) {
        self.scope = scope
        self.rules = rules
        self.reason = reason
        self.position = position
    }
}
