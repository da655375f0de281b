import SwiftSyntax

/// How code reads a font value (the rule catalogue "A font used only as a
/// face"): for its face or a metric (`x.fontName`, `x?.withSize(…)`,
/// `scaledFont(for: x)`), as a font (in a font position), or into a local
/// (`if let f = theme.chosenFont`) whose own reads decide.
enum FontRead: Equatable {
    case face
    case font
    case alias(String)

    /// What reading `value` is, or nil when it is neither (a write, an
    /// argument of an unknown function, a comparison).
    static func of(_ value: ExprSyntax) -> FontRead? {
        var node = Syntax(value)
        while let parent = node.parent, parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
            node = parent
        }
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id,
            SyntaxIndex.faceMembers.contains(member.declName.baseName.text)
        {
            return .face
        }
        if let argument = node.parent?.as(LabeledExprSyntax.self), argument.label?.text == "for",
            argument.parent?.parent?.as(FunctionCallExprSyntax.self)?.calleeName == "scaledFont"
        {
            return .face
        }
        if let initializer = node.parent?.as(InitializerClauseSyntax.self) {
            let pattern = initializer.parent?.as(PatternBindingSyntax.self)?.pattern ?? initializer.parent?.as(OptionalBindingConditionSyntax.self)?.pattern
            if let name = pattern?.as(IdentifierPatternSyntax.self)?.identifier.text { return .alias(name) }
        }
        return FontPosition.expected(at: value) != nil ? .font : nil
    }
}
