import SwiftSyntax

/// A font constructor that a rule reports: where it is, which rule, and the fix.
/// `dependency` is nil when the finding is certain; otherwise the constructor is
/// fixed exactly when that size is (a helper parameter, a size symbol).
struct FontSite {
    let node: ExprSyntax
    let rule: RuleID
    let severity: Severity
    let message: String
    let replacement: String?
    let fix: String
    let dependency: SizeValue?

    /// Certain sites of these rules make the font fixed (not merely warned about).
    var makesFontFixed: Bool {
        switch rule {
        case .fixedFontSize, .fixedCustomFont, .fixedUIKitFont, .fixedAppKitFont: return true
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
    var spec: String

    static func scaling(_ spec: String) -> FontClassification {
        FontClassification(value: .scales, spec: spec)
    }

    static func merging(_ branches: [FontClassification]) -> FontClassification {
        guard branches.count != 1 else { return branches[0] }
        var merged = FontClassification(
            value: .anyOf(branches.map(\.value)),
            spec: branches.map(\.spec).joined(separator: " or ")
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
