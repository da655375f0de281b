/// Cross-file font resolution. Phase one records, per file, the
/// font and size symbols it defines and the values that refer to symbols; phase
/// two evaluates those values against the symbols of the whole audit. The types
/// here are `Codable` so a file's analysis can be cached by blob and re-resolved
/// later without reparsing.

/// What kind of value a symbol yields.
public enum SymbolKind: String, Codable, Hashable, Sendable {
    /// A SwiftUI `Font`.
    case font
    /// A `UIFont` or `NSFont`.
    case platformFont
    /// A numeric size (`CGFloat`) used as a font size.
    case size
    /// A `View` extension method that sets a font (`.font(size:style:)`).
    case viewModifier
    /// A class whose name makes it look like a text view (`AvatarButton`):
    /// what it inherits decides whether it is one (the rule catalogue "View-level
    /// UIKit rules need a view receiver").
    case viewClass
    /// An Interface Builder outlet connected to a text view, by the class
    /// that owns it (the rule catalogue "Outlets").
    case outlet
    /// A view function of a type (`stateIcon(size:)`) or a type's initializer
    /// (`FeatureIcon(text:size:)`) whose size parameters reach a font or a
    /// stored size: judged with its calls.
    case view
    /// A font given to every instance of a class through its appearance
    /// proxy (`UILabel.appearance().font = …`), by the class's name.
    case appearanceFont
    /// An Interface Builder outlet whose Swift code gives it a font (or an
    /// attributed text), by property and owning class: the document's font
    /// never shows.
    case outletFontInCode
    /// A program's entry point (`@main`): a widget extension's bundle, or an app.
    case entryPoint
    /// A type that a handler of the text-size change refreshes
    /// (`SizeChangeRefreshes`), by its name.
    case sizeChangeRefresh
    /// A class that gives itself a font or a button configuration when it is
    /// loaded from an Interface Builder document (`DocumentFontReplacers`), by its name.
    case documentFontReplaced
    /// A class whose initializers (or the methods they call) give it a font
    /// or a button configuration, by its name: an instance the code makes
    /// has that font, not the platform default (`SelfStylingClasses`).
    case stylesItselfWhenMade
}

/// A use of a symbol in code: `.caption3`, `Typography.body`, `UIFont.appFont(ofSize: 14)`.
public struct SymbolReference: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The member name (`caption3`, `appFont`).
    public var name: String
    /// The last component of the qualifying expression (`Typography`, `fonts`),
    /// or nil for an implicit member (`.caption3`) or a bare identifier.
    public var qualifier: String?
    /// Argument labels of a call (`["ofSize"]`), or nil for a property access.
    public var argumentLabels: [String]?
    /// What the context expects, when it tells (`.font(_:)` expects a Font).
    public var expected: SymbolKind?

    public init(name: String, qualifier: String?, argumentLabels: [String]?, expected: SymbolKind?) {
        self.name = name
        self.qualifier = qualifier
        self.argumentLabels = argumentLabels
        self.expected = expected
    }

    public var description: String {
        let base = qualifier.map { "\($0).\(name)" } ?? ".\(name)"
        guard let labels = argumentLabels else { return base }
        return base + "(" + labels.map { ($0.isEmpty ? "_" : $0) + ":" }.joined() + ")"
    }
}

/// A size expression, as far as scaling goes.
public indirect enum SizeValue: Codable, Hashable, Sendable {
    /// `UIFontMetrics…scaledValue(for:)`, a `@ScaledMetric` property, or built from one.
    case scales
    /// A literal, a constant, or any expression that does not scale.
    case fixed
    /// A parameter of the enclosing helper: judged with the helper's calls.
    case parameter(String)
    /// A size symbol of the audited code (followed through any number of hops).
    case symbol(SymbolReference)
    /// A stored property of `type` that its initializers set from their
    /// parameters (`self.size = size ?? 20`): judged with the calls of those
    /// initializers in the audited code.
    case initialized(type: String, property: String)
}

/// A font expression, as far as scaling goes.
public indirect enum FontValue: Codable, Hashable, Sendable {
    case scales
    case fixed
    /// A size read once from a text style (`font_size_read_once`, reported
    /// where the font is made): it follows the user's size when it is read,
    /// so a use of it is no fixed font, and no scaling one either.
    case readOnce
    case unresolved(String)
    /// A constructor that scales exactly when its size does.
    case sized(SizeValue)
    /// A reference to a font symbol; for helpers, the call's size arguments by label.
    case symbol(SymbolReference, arguments: [SymbolArgument])
    /// A conditional font (`cond ? a : b`, `if`/`switch`): fixed when any branch is.
    case anyOf([FontValue])
    /// A stored font an initializer sets from its parameter (`self.font =
    /// font`, with no default): what the calls of it pass, each of which
    /// defines the property too; unknown while no call passes one.
    case fromCallers
    /// A view modifier that may apply a font (`.eyebrow()`, `.modifier(Caption())`):
    /// its definition's font when the audited code defines it as a font
    /// helper, else `otherwise` (the font from further out).
    case viewHelper(SymbolReference, arguments: [SymbolArgument], otherwise: FontValue)
}

public struct SymbolArgument: Codable, Hashable, Sendable {
    public var label: String
    public var size: SizeValue

    public init(label: String, size: SizeValue) {
        self.label = label
        self.size = size
    }
}

/// A parameter of a helper function: its label, the name used in the body, and
/// the size its default value gives.
public struct SymbolParameter: Codable, Hashable, Sendable {
    public var label: String
    public var name: String
    public var defaultSize: SizeValue?

    public init(label: String, name: String, defaultSize: SizeValue?) {
        self.label = label
        self.name = name
        self.defaultSize = defaultSize
    }
}

/// A font or size symbol defined in a file.
public struct SymbolDefinition: Codable, Hashable, Sendable {
    public var name: String
    /// The innermost enclosing type or extended type (`Font`, `Typography`, `Fonts`), nil at file scope.
    public var container: String?
    public var kind: SymbolKind
    /// nil for a property; the parameters of a function.
    public var parameters: [SymbolParameter]?
    public var value: DefinitionValue
    public var position: SourcePosition
    /// For an initializer: the stored property whose value this definition
    /// is (one definition per property the initializer sets from parameters).
    public var storedProperty: String?
    /// For a property whose getter switches over `self`: the enum case this
    /// definition is the value of (`TextStyle.statusMetrics.font`), beside
    /// the definition that is all the cases.
    public var enumCase: String?

    public init(
        name: String, container: String?, kind: SymbolKind, parameters: [SymbolParameter]?,
        value: DefinitionValue, position: SourcePosition, storedProperty: String? = nil, enumCase: String? = nil
    ) {
        self.name = name
        self.container = container
        self.kind = kind
        self.parameters = parameters
        self.value = value
        self.position = position
        self.storedProperty = storedProperty
        self.enumCase = enumCase
    }

    /// Identifies a helper across files, for "any call passes a fixed size".
    public var key: String {
        let labels = parameters.map { "(" + $0.map { $0.label + ":" }.joined() + ")" } ?? ""
        return (container ?? "") + "." + (enumCase.map { $0 + "." } ?? "") + name + labels + (storedProperty.map { "." + $0 } ?? "")
    }
}

/// What a definition evaluates to: a font or a size; or, for types and
/// outlets, what the rules need to know about them.
public enum DefinitionValue: Codable, Hashable, Sendable {
    case font(FontValue)
    case size(SizeValue)
    /// The types a class inherits, superclass first.
    case inherits([String])
    /// Whether the connected text view sets "Automatically Adjusts Font".
    case outlet(adjustsFont: Bool)
    /// Whether the entry point is a widget extension's (`WidgetBundle`,
    /// `Widget`) rather than an app's, and whether it is a watch app's.
    case entryPoint(widget: Bool, watch: Bool)
    /// Refreshed when the user changes the text size.
    case refreshedOnSizeChange
    /// Replaces the font an Interface Builder document gives it.
    case replacesDocumentFont
    /// Gives itself a font when code makes it.
    case stylesItselfWhenMade
}

/// A finding whose presence depends on the whole audit's symbols.
public struct ConditionalFinding: Codable, Hashable, Sendable {
    public var finding: Finding
    public var condition: FindingCondition

    public init(finding: Finding, condition: FindingCondition) {
        self.finding = finding
        self.condition = condition
    }
}

public enum FindingCondition: Codable, Hashable, Sendable {
    /// Reported when the value evaluates to this outcome.
    case fontOutcome(FontValue, FontOutcome)
    /// Reported when the size does not scale (a constructor sized by a symbol).
    case sizeIsFixed(SizeValue)
    /// Reported when any call of the helper (by `SymbolDefinition.key`) in the
    /// audit yields a fixed font.
    case helperCalledWithFixedSize(String)
    /// Reported when a class of this name is a text view: by what it inherits
    /// where the audited code declares it, else by `byName` (its name's guess).
    case isTextView(type: String, byName: Bool)
    /// Reported when the audited code's declarations of this class (through
    /// its superclasses) make it an AppKit class (`appKit`), or do not
    /// (UIKit, or not known: the file's own default, UIKit).
    case classIsAppKit(type: String, appKit: Bool)
    /// Reported unless every connection of the outlet in the audited Interface
    /// Builder documents sets "Automatically Adjusts Font".
    case outletDoesNotAdjustFont(owner: String, property: String)
    /// Reported unless an appearance proxy of the audited code gives the
    /// class, or a class it inherits, a font, or the class's own
    /// initializers do (Nextcloud Talk's `NCButton`).
    case noAppearanceFont(type: String)
    /// Reported unless the owner's Swift code sets the outlet's font: the
    /// Interface Builder font of an element it replaces never shows.
    case outletFontNotSetInCode(owner: String, property: String)
    /// Reported unless the owner's Swift code assigns the outlet a font
    /// (an attributed text keeps the view's "Automatically Adjusts Font" at work).
    case outletFontNotAssignedInCode(owner: String, property: String)
    /// Reported unless the class, or a class it inherits as the audited code
    /// declares them, replaces the font a document gives it when loaded from one.
    case classKeepsDocumentFont(type: String)
    /// Reported unless the file is in a widget extension's folder (`WidgetCanvas`).
    case outsideWidgetExtension
    /// Reported unless a handler of the text-size change refreshes the type
    /// (a size it reads from a text style is then read again).
    case notRefreshedOnSizeChange(type: String)
    /// Reported when every condition holds.
    case all([FindingCondition])
    /// Reported unless every read of the property in the audit uses only the
    /// stored font's face (a font stored with a placeholder size).
    case readAsFont(property: String)
}

/// The result of evaluating a font value against the symbol table.
public enum FontOutcome: String, Codable, Hashable, Sendable {
    case scales
    case fixed
    case readOnce
    case unresolved
}

/// How the Swift code of an outlet's owner gives it its font, recorded in
/// its `outletFontInCode` definition.
enum OutletFontInCode {
    /// `label.font = …`, `button.titleLabel?.font = …`.
    static let assigned = "font set in code"
    /// Only fonts inside an attributed text.
    static let attributed = "attributed text set in code"
}
