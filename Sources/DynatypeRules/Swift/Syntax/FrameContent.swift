import SwiftSyntax

/// What a frame's content does with the room a flexible frame offers it.
enum FrameContent {
    /// A shape, a colour or a resizable image takes all the room a frame
    /// without a maximum offers (duckduckgo's button label, a
    /// `RoundedRectangle` in a `ZStack`): freeing the frame stretches it.
    /// Text input takes the room too: a `TextField` all the width offered
    /// (PlayCover's settings fields), a `TextEditor` the height as well.
    static func fillsOfferedSpace(_ content: ExprSyntax, freeingWidth: Bool) -> Bool {
        content.tokens(viewMode: .sourceAccurate).contains { token in
            let made = token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen
            let greedy = made && (greedyViews.contains(token.text) || token.text == "TextEditor")
                || made && freeingWidth && ["TextField", "SecureField"].contains(token.text)
                || token.text == "resizable" || token.text == "Color"
            return greedy && !isDecoration(token, within: content)
        }
    }

    /// duckduckgo's `TextEditor(…).frame(height: 100).fixedSize(horizontal: false, vertical: true)`:
    /// a later `fixedSize` gives the content its own size, not the room offered.
    static func isSizedToFitLater(_ frame: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(frame)
        while let member = current.parent?.as(MemberAccessExprSyntax.self), member.base?.id == current.id,
            let call = member.parent?.as(FunctionCallExprSyntax.self)
        {
            if call.calleeName == "fixedSize" { return true }
            current = Syntax(call)
        }
        return false
    }

    /// An argument (`.foregroundColor(Color(…))`), or in a `.background { … }`,
    /// `.overlay { … }` or mask: drawn to the view's size, not laying it out.
    private static func isDecoration(_ token: TokenSyntax, within content: ExprSyntax) -> Bool {
        var current = Syntax(token)
        while let parent = current.parent, current.id != content.id {
            if parent.is(LabeledExprSyntax.self) { return true }
            if let call = parent.as(FunctionCallExprSyntax.self), let name = call.calleeName, decorations.contains(name),
                current.id != call.calledExpression.id
            {
                return true
            }
            current = parent
        }
        return false
    }

    private static let decorations: Set<String> = ["background", "overlay", "clipShape", "mask", "contentShape", "border", "foregroundStyle"]

    private static let greedyViews: Set<String> = [
        // Not `Spacer`: it fills one axis, its stack's.
        "Rectangle", "RoundedRectangle", "Capsule", "Circle", "Ellipse", "UnevenRoundedRectangle", "GeometryReader",
        "LinearGradient", "RadialGradient", "AngularGradient",
    ]
}
