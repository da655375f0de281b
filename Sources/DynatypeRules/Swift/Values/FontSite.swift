import SwiftSyntax

/// A font constructor that a rule reports: where it is, which rule, and the fix.
/// `dependency` is nil when the finding is certain; otherwise the constructor is
/// fixed exactly when that size is (a helper parameter, a size symbol).
struct FontSite {
    let node: ExprSyntax
    let rule: RuleID
    let message: String
    let replacement: String?
    let fix: String
    let dependency: SizeValue?
    /// The fix on macOS, when it differs and the platform is not known here.
    var onMacOS: FixAlternative? = nil
    /// The fix in a watch app's folder, when it differs and the file alone cannot tell.
    var onWatchOS: FixAlternative? = nil
    /// The code the finding points at and its replacement replaces, when it
    /// is more than the constructor (the symbol configuration it makes).
    var reportedAt: ExprSyntax? = nil
    /// For a size read once from a text style: the type whose code reads it,
    /// which a handler of the text-size change may refresh (then the size is
    /// read again and the site is no finding).
    var readOnceIn: String? = nil

    /// The rules a constructor site can be reported under: the constructor family's.
    static let rules = ConstructorRule.emits

    /// Certain sites of these rules make the font fixed (not merely warned about).
    var makesFontFixed: Bool {
        switch rule {
        case .fixedFontSize, .fixedCustomFont, .fixedUIKitFont, .fixedAppKitFont, .fontSizeReadOnce: return true
        default: return false
        }
    }
}

/// A place where a font value depends on a symbol, or cannot be classified.
struct FontLeaf {
    /// Where findings about the leaf are located.
    let node: Syntax
    /// The code as written, for messages.
    let written: String
    let value: FontValue

    init(_ node: some SyntaxProtocol, written: String? = nil, value: FontValue) {
        self.node = Syntax(node)
        self.written = written ?? node.oneLine
        self.value = value
    }
}

/// The outcome of classifying one font expression.
struct FontClassification {
    var value: FontValue
    var sites: [FontSite] = []
    /// Sub-expressions whose value comes from a symbol (for `fixed_font_token`).
    var symbolLeaves: [FontLeaf] = []
    /// Sub-expressions that cannot be classified (for `unresolved_font`).
    var unresolvedLeaves: [(node: ExprSyntax, reason: String)] = []
    /// Calls of possible font helpers, with their size arguments.
    var helperCalls: [FontValue] = []
    /// How the font reads for a passing element ("text style .headline").
    var spec: FontSpec

    static func scaling(_ spec: FontSpec) -> FontClassification {
        FontClassification(value: .scales, spec: spec)
    }

    static func merging(_ branches: [FontClassification]) -> FontClassification {
        guard branches.count != 1 else { return branches[0] }
        var merged = FontClassification(
            value: .anyOf(branches.map(\.value)),
            spec: .alternatives(branches.map(\.spec))
        )
        for branch in branches {
            merged.sites += branch.sites
            merged.symbolLeaves += branch.symbolLeaves
            merged.unresolvedLeaves += branch.unresolvedLeaves
            merged.helperCalls += branch.helperCalls
        }
        return merged
    }

    /// True when a certain site makes the font fixed.
    var hasCertainFixedSite: Bool { sites.contains { $0.makesFontFixed && $0.dependency == nil } }
}

/// How a font reads in a report, rendered only when an element needs it:
/// most classifications (of definitions, of arguments) are never shown, and
/// building code text from the tree is not free.
indirect enum FontSpec: CustomStringConvertible, ExpressibleByStringInterpolation {
    case text(String)
    /// Code as written, between backticks.
    case code(Syntax)
    case decorated(FontSpec, prefix: String, suffix: String)
    case alternatives([FontSpec])

    init(stringLiteral value: String) { self = .text(value) }
    init(stringInterpolation: DefaultStringInterpolation) { self = .text(String(stringInterpolation: stringInterpolation)) }

    var description: String {
        switch self {
        case .text(let text): return text
        case .code(let node): return "`\(node.oneLine)`"
        case .decorated(let spec, let prefix, let suffix): return prefix + spec.description + suffix
        case .alternatives(let specs): return specs.map(\.description).joined(separator: " or ")
        }
    }
}
