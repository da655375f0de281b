import SwiftSyntax

/// The user's content size category, passed to a font helper of the app.
enum UserContentSizeCategory {
    /// GitHawk's `style.font(contentSizeCategory: .preferred)`: a font made
    /// for the text size the user has when the call runs, which is a size
    /// read once (the rule catalogue "A size read from a text-style font
    /// follows the user once"). A category the code names
    /// (`contentSizeCategory: .large`) pins one size instead, and is left to
    /// the helper's definition.
    static func passed(to call: FunctionCallExprSyntax) -> ExprSyntax? {
        guard call.calleeName?.mentionsFont == true else { return nil }
        return call.arguments.first { argument in
            // Not a bound (`maxSizeCategory:`, pocket-casts' cap on its own scaling).
            guard let label = argument.label?.text.lowercased(), ["contentsizecategory", "sizecategory"].contains(label) else { return false }
            let value = argument.expression.unwrapped
            let named = value.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            return named.map { !fixedContentSizeCategories.contains($0) } ?? true
        }?.expression
    }

    private static let fixedContentSizeCategories: Set<String> = [
        "extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge", "accessibilityMedium",
        "accessibilityLarge", "accessibilityExtraLarge", "accessibilityExtraExtraLarge", "accessibilityExtraExtraExtraLarge", "unspecified",
    ]
}
