import SwiftSyntax

/// the rule catalogue "Terms": a view the code names (`connectButton` in
/// `connectButton.frame(height: 28)`) is a text element when its declaration
/// says so, by its type (`Button<Text>`, `Text`) or by the one view its getter
/// builds (`var connectButton: some View { Button("Connect") {} }`). Its text
/// elements sit in another member, so the modifier chain alone cannot see them.
enum DeclaredTextView {
    /// The text element kind of the declaration `root` refers to, if it is
    /// one and shows its text there (not a label shown as its icon only).
    static func kind(of root: ExprSyntax, bindings: BindingResolver) -> String? {
        guard let name = root.unwrapped.plainName else { return nil }
        let kind: String?
        switch bindings.resolve(name, at: root) {
        case .local(let binding), .member(let binding, _, _): kind = self.kind(of: binding)
        case .parameter, .unknown: kind = nil
        }
        return kind == "Label" && ViewTree.showsOnlyIcon(root) ? nil : kind
    }

    /// The kind of a text view given to this code as a value (`let title:
    /// Text` set by the initializer, a `Label<Text, Image>` parameter): the
    /// text is shown where the value is, so each use is an element. A
    /// declaration with a value or getter of its own shows the text elements
    /// made there.
    static func givenKind(of value: ExprSyntax, bindings: BindingResolver) -> String? {
        guard let name = value.plainName else { return nil }
        let kind: String?
        switch bindings.resolve(name, at: value) {
        case .local(let binding), .member(let binding, _, _):
            kind = binding.initializer == nil && binding.accessorBlock == nil ? typeKind(binding.typeAnnotation?.type) : nil
        case .parameter:
            let parameter = value.ancestor(FunctionDeclSyntax.self)?.signature.parameterClause.parameters.first { ($0.secondName ?? $0.firstName).text == name }
            kind = typeKind(parameter?.type)
        case .unknown:
            kind = nil
        }
        return kind == "Label" && ViewTree.showsOnlyIcon(value) ? nil : kind
    }

    /// The text element kind a declaration's type or getter names (also part
    /// of its type's memo key: other members' findings depend on it).
    static func kind(of binding: PatternBindingSyntax) -> String? {
        if let kind = typeKind(binding.typeAnnotation?.type) { return kind }
        guard binding.accessorBlock != nil, let built = binding.valueExpression?.unwrapped.as(FunctionCallExprSyntax.self),
            let view = ViewTree.root(of: built).as(FunctionCallExprSyntax.self), case .textElement(let kind)? = ViewTree.role(of: view)
        else { return nil }
        return kind
    }

    static func isTextViewType(_ type: TypeSyntax?) -> Bool { type != nil && typeKind(type) != nil }

    /// `Text`, `Text?`, `Button<Text>`, `Label<Text, Image>`; not
    /// `Button<Image>`, nor a style's bare `Label` (its configuration's opaque view).
    private static func typeKind(_ type: TypeSyntax?) -> String? {
        if let optional = type?.as(OptionalTypeSyntax.self) { return typeKind(optional.wrappedType) }
        guard let type = type?.as(IdentifierTypeSyntax.self), ViewTree.textElementNames.contains(type.name.text) else { return nil }
        guard let arguments = type.genericArgumentClause?.arguments else { return ["Text", "TextField", "SecureField", "TextEditor"].contains(type.name.text) ? type.name.text : nil }
        return arguments.contains { $0.tokens(viewMode: .sourceAccurate).contains { $0.text == "Text" } } ? type.name.text : nil
    }
}
