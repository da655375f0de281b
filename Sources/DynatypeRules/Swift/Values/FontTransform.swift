import SwiftSyntax

/// A call of a value of type `(Font) -> Font` on a font: isowords'
/// `AdaptiveFont` modifier applies `self.configure(.custom(name, size: size))`
/// with `configure` given by its callers and `{ $0 }` by default.
enum FontTransform {
    /// The font a transform is called on, when `call` is one: the font it
    /// gives is judged by that argument. A SwiftUI `Font` cannot be read for
    /// its size, so a transform either derives from its argument as the
    /// modifiers do (`{ $0 }`, `{ $0.bold() }`) or ignores it for a font
    /// written in the closure, where its own constructor is.
    static func transformedFont(of call: FunctionCallExprSyntax, bindings: BindingResolver) -> ExprSyntax? {
        guard call.trailingClosure == nil, call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil,
            let name = call.calleeName, call.calleeBase.map({ $0.referencedName == "self" }) ?? true,
            let type = bindings.writtenType(of: name, at: call), isSwiftUIFontTransform(type)
        else { return nil }
        return argument.expression
    }

    private static func isSwiftUIFontTransform(_ type: TypeSyntax) -> Bool {
        if let attributed = type.as(AttributedTypeSyntax.self) { return isSwiftUIFontTransform(attributed.baseType) }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return isSwiftUIFontTransform(only.type)
        }
        guard let function = type.as(FunctionTypeSyntax.self), function.parameters.count == 1,
            let parameter = function.parameters.first
        else { return false }
        return isSwiftUIFont(parameter.type) && isSwiftUIFont(function.returnClause.type)
    }

    private static func isSwiftUIFont(_ type: TypeSyntax) -> Bool {
        type.as(IdentifierTypeSyntax.self)?.name.text == "Font" || type.trimmedDescription == "SwiftUI.Font"
    }
}
