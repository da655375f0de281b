import SwiftSyntax

/// The rule catalogue "Text drawn into an image is not on-screen text": a
/// label or text view the code draws (`label.layer.render(in:)` or `draw(in:)`,
/// `drawHierarchy(in:afterScreenUpdates:)`, `drawText(in:)`, `draw(_:)`) and
/// never puts in a view hierarchy exists only to make an image, so no
/// text-element rule judges it.
enum ImageOnlyViews {
    static func receivers(in index: SyntaxIndex, _ receivers: ReceiverIndex) -> Set<Receiver> {
        var drawn: Set<Receiver> = []
        var placed: Set<Receiver> = []
        for call in index.calls {
            guard let name = call.calleeName else { continue }
            if drawingCalls.contains(name) {
                drawn.formUnion(receivers.receivers(for: drawnView(call), at: call))
            } else if placingCalls.contains(name) {
                for view in call.arguments.flatMap({ views(in: $0.expression) }) {
                    placed.formUnion(receivers.receivers(for: view, at: call))
                }
            }
        }
        return drawn.subtracting(placed)
    }

    /// `label.layer.render(in:)` and `label.layer.draw(in:)` draw `label`.
    private static func drawnView(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        guard let layer = call.calleeBase?.unwrapped.as(MemberAccessExprSyntax.self),
            layer.declName.baseName.text == "layer"
        else { return call.calleeBase }
        return layer.base
    }

    /// `UIStackView(arrangedSubviews: [title, detail])` places each.
    private static func views(in argument: ExprSyntax) -> [ExprSyntax] {
        guard let array = argument.unwrapped.as(ArrayExprSyntax.self) else { return [argument] }
        return array.elements.map(\.expression)
    }

    private static let drawingCalls: Set<String> = ["render", "drawHierarchy", "drawText", "draw", "cacheDisplay"]
    private static let placingCalls: Set<String> = [
        "addSubview", "addArrangedSubview", "insertSubview", "insertArrangedSubview", "UIStackView", "NSStackView",
        "setCustomView", "addChild",
    ]
}
