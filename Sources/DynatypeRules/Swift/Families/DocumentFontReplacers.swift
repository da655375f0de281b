import SwiftSyntax

/// Classes that style themselves when they are loaded from an Interface
/// Builder document: `init(coder:)` or `awakeFromNib()` (or a method of the
/// class either calls) gives the view a font, or a button a configuration,
/// whose title font replaces the document's (ownCloud's `ThemeButton`:
/// `self.configuration = .filled()`). An element of such a class never shows
/// the font its document gives it (the rule catalogue "Outlets": a font the
/// code replaces is judged in the code).
struct DocumentFontReplacers {
    let builder: AnalysisBuilder

    /// What an assignment in the class's own code replaces the document's font with.
    private static let replacingTargets: Set<String> = ["font", "titleLabel.font", "configuration", "attributedText"]

    func run() {
        for scope in builder.context.index.typeScopes where scope.isClass && Self.replacesDocumentFont(scope.memberBlock) {
            builder.addDefinition(SymbolDefinition(
                name: scope.name, container: nil, kind: .documentFontReplaced, parameters: nil, value: .replacesDocumentFont,
                position: builder.context.position(of: scope.node)
            ))
        }
    }

    private static func replacesDocumentFont(_ members: MemberBlockSyntax) -> Bool {
        let loading = members.members.compactMap { member -> CodeBlockSyntax? in
            if let initializer = member.decl.as(InitializerDeclSyntax.self),
                initializer.signature.parameterClause.parameters.first?.firstName.text == "coder"
            {
                return initializer.body
            }
            return member.decl.as(FunctionDeclSyntax.self).flatMap { $0.name.text == "awakeFromNib" ? $0.body : nil }
        }
        return givesItselfAFont(in: loading, of: members)
    }

    /// Whether code of the class (`bodies`, and the class's own methods they
    /// call: `styleButton()`) assigns its own font, title font, configuration
    /// or attributed text.
    static func givesItselfAFont(in bodies: [CodeBlockSyntax], of members: MemberBlockSyntax) -> Bool {
        let methods = Dictionary(
            members.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.compactMap { function in function.body.map { (function.name.text, $0) } },
            uniquingKeysWith: { first, _ in first }
        )
        let called = bodies.flatMap { body in
            body.descendants(FunctionCallExprSyntax.self).compactMap { call -> CodeBlockSyntax? in
                guard call.calleeBase == nil || call.calleeBase?.referencedName == "self", let name = call.calleeName else { return nil }
                return methods[name]
            }
        }
        return (bodies + called).contains { body in
            body.descendants(SequenceExprSyntax.self).contains { sequence in
                let elements = Array(sequence.elements)
                return elements.count >= 3 && elements[1].is(AssignmentExprSyntax.self)
                    && replacingTargets.contains(ReceiverIndex.normalize(elements[0]))
            }
        }
    }
}

extension DocumentFontReplacers: UnitRuleFamily {
    static let scope = UnitScope.type
    static let triggers: [Trigger] = ["(coder", "awakeFromNib"]
    /// Every view class has an `init(coder:)`: only one that assigns what replaces the document's font is read.
    static let alsoNeeds: [Trigger] = ["font", "configuration", "attributedText"]
    static func run(in unit: UnitRun) { DocumentFontReplacers(builder: unit.builder).run() }
}
