/// A view that renders user-facing text (the rule catalogue "Terms"), with what phase one
/// learned about its font.
public struct TextElement: Codable, Hashable, Sendable {
    /// `Text`, `Button`, `UILabel`, `label` (Interface Builder) …
    public var kind: String
    public var position: SourcePosition
    /// How the element reads in code: `Text(title)`, `titleLabel`.
    public var description: String
    /// The font spec as written (`.headline`, `default (.body)`).
    public var font: String
    public var status: ElementFontStatus

    public init(kind: String, position: SourcePosition, description: String, font: String, status: ElementFontStatus) {
        self.kind = kind
        self.position = position
        self.description = description
        self.font = font
        self.status = status
    }
}

/// What the font alone says about an element, before findings are applied.
public enum ElementFontStatus: Codable, Hashable, Sendable {
    /// Scales with Dynamic Type; the string says why.
    case scales(String)
    /// Does not scale; a finding attached to the element says why.
    case fixed
    /// No font rule applies (decorative, Large Content Viewer, system chrome).
    case exempt(String)
    /// Cannot be classified from the audited code.
    case unresolved(String)
    /// Decided by a design-system symbol: the value is evaluated against the
    /// audit's symbol table.
    case symbol(FontValue)
}

/// The verdict on one element after symbols, configuration and suppressions.
public enum ElementVerdict: String, Codable, Sendable {
    case passing
    case failing
    case unresolved
}
