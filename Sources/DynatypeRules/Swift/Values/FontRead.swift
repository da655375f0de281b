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
    /// argument of an unknown function, a comparison). Where the code around
    /// cannot hold a font position, only the reads for a face or into a
    /// local are looked for.
    static func of(_ value: ExprSyntax, fontPositionsPossible: Bool) -> FontRead? {
        var node = Syntax(value)
        var parent = node.parent
        while let wrapper = parent, wrapper.kind == .optionalChainingExpr || wrapper.kind == .forceUnwrapExpr {
            node = wrapper
            parent = wrapper.parent
        }
        // A parent's kind, not a generic `is`/`as`: every name of every file passes here.
        guard let parent else { return nil }
        switch parent.kind {
        case .memberAccessExpr:
            let member = MemberAccessExprSyntax(parent)!
            if member.base?.id == node.id, SyntaxIndex.faceMembers.contains(member.declName.baseName.text) { return .face }
        case .labeledExpr:
            let argument = LabeledExprSyntax(parent)!
            if argument.label?.text == "for", let owner = argument.parent?.parent, owner.kind == .functionCallExpr,
                FunctionCallExprSyntax(owner)!.calleeName == "scaledFont"
            {
                return .face
            }
        case .initializerClause:
            if let name = node.initializedName { return .alias(name) }
        default:
            break
        }
        return fontPositionsPossible && FontPosition.expected(at: value) != nil ? .font : nil
    }
}
