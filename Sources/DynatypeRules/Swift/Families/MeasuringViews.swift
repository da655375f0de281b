import SwiftSyntax

/// Rocket.Chat's `UILabel.heightForView(_:font:width:)`: a label a function
/// makes, sizes and reads its size from, and never places, returns or hands
/// to anything, measures text and shows none. Like a view drawn only into an
/// image (`ImageOnlyViews`), it is no text element, and the font it is given
/// is judged where the measured text is shown.
enum MeasuringViews {
    static func receivers(in index: SyntaxIndex) -> Set<Receiver> {
        var measuring: Set<Receiver> = []
        for variable in index.variables where variable.parent?.is(MemberBlockItemSyntax.self) != true {
            guard let scope = variable.ancestor(CodeBlockItemListSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let name = binding.name, let made = binding.initializer?.value.unwrapped.as(FunctionCallExprSyntax.self),
                    let type = made.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, textViewTypes.contains(type),
                    onlyMeasures(name, in: scope, after: binding)
                else { continue }
                measuring.insert(Receiver(scope: scope.id, path: name))
            }
        }
        return measuring
    }

    /// Every later mention of `name` is `name.member`, and one of them reads a size.
    private static func onlyMeasures(_ name: String, in scope: CodeBlockItemListSyntax, after binding: PatternBindingSyntax) -> Bool {
        var measures = false
        for token in scope.tokens(viewMode: .sourceAccurate) where token.text == name && token.position > binding.endPosition {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id
            else { return false }
            if sizeMembers.contains(member.declName.baseName.text) { measures = true }
        }
        return measures
    }

    private static let textViewTypes: Set<String> = ["UILabel", "UITextView", "NSTextField", "UITextField"]
    private static let sizeMembers: Set<String> = [
        "sizeToFit", "sizeThatFits", "systemLayoutSizeFitting", "intrinsicContentSize", "frame", "bounds", "textRect", "fittingSize",
    ]
}
