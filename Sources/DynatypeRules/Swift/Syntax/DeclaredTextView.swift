import SwiftSyntax

/// the rule catalogue "Terms": a view the code names (`connectButton` in
/// `connectButton.frame(height: 28)`) is a text element when its declaration
/// says so, by its type (`Button<Text>`, `Text`) or by the one view its getter
/// builds (`var connectButton: some View { Button("Connect") {} }`). Its text
/// elements sit in another member, so the modifier chain alone cannot see them.
enum DeclaredTextView {
    /// The text element kind of the declaration `root` refers to, if it is one.
    static func kind(of root: ExprSyntax, bindings: BindingResolver) -> String? {
        let expr = root.unwrapped
        let name: String
        if let reference = expr.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = expr.as(MemberAccessExprSyntax.self), member.base?.referencedName == "self" {
            name = member.declName.baseName.text
        } else {
            return nil
        }
        switch bindings.resolve(name, at: expr) {
        case .local(let binding), .member(let binding, _, _): return kind(of: binding)
        case .parameter, .unknown: return nil
        }
    }

    /// The text element kind a declaration's type or getter names (also part
    /// of its type's memo key: other members' findings depend on it).
    static func kind(of binding: PatternBindingSyntax) -> String? {
        if let type = binding.typeAnnotation?.type.as(IdentifierTypeSyntax.self), ViewTree.textElementNames.contains(type.name.text) {
            // `Button<Image>` holds no text; `Button<Text>` and `Label<Text, Image>` do.
            guard let arguments = type.genericArgumentClause?.arguments else { return type.name.text }
            return arguments.contains { $0.tokens(viewMode: .sourceAccurate).contains { $0.text == "Text" } } ? type.name.text : nil
        }
        guard binding.accessorBlock != nil, let built = binding.valueExpression?.unwrapped.as(FunctionCallExprSyntax.self),
            let view = ViewTree.root(of: built).as(FunctionCallExprSyntax.self), case .textElement(let kind)? = ViewTree.role(of: view)
        else { return nil }
        return kind
    }
}
