import SwiftSyntax

/// Text a function draws itself (`string.draw(at:)`) instead of showing it
/// in a view.
enum DrawnText {
    /// The rule catalogue "Text drawn into an image is not on-screen text": a
    /// font made in a function that renders an image
    /// (`UIGraphicsImageRenderer(…).image { … }`, an image context,
    /// `NSImage(size:flipped:drawingHandler:)`) and draws a string into it.
    static func isDrawnIntoImage(_ node: some SyntaxProtocol) -> Bool {
        guard let body = node.ancestor(FunctionDeclSyntax.self)?.body else { return false }
        let calls = body.descendants(FunctionCallExprSyntax.self)
        let rendersImage = calls.contains { call in
            guard let name = call.calleeName else { return false }
            return imageRenderers.contains(name) || name == "NSImage" && call.argument("flipped") != nil
        }
        return rendersImage && calls.contains { $0.calleeName == "draw" && $0.arguments.first?.label.map { stringDrawingLabels.contains($0.text) } == true }
    }

    /// A font used in a view's or layer's own `draw` override: on-screen text
    /// at positions the code computes, which a new font alone does not move.
    static func drawingOverride(around node: some SyntaxProtocol) -> FunctionDeclSyntax? {
        guard let function = node.ancestor(FunctionDeclSyntax.self), function.name.text == "draw",
            function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) })
        else { return nil }
        return function
    }

    private static let imageRenderers: Set<String> = [
        "UIGraphicsImageRenderer", "UIGraphicsBeginImageContext", "UIGraphicsBeginImageContextWithOptions",
    ]
    /// `draw(at:)`, `draw(in:withAttributes:)`, `draw(with:options:context:)`.
    private static let stringDrawingLabels: Set<String> = ["at", "in", "with"]
}
