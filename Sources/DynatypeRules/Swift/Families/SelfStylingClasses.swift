import SwiftSyntax

/// Classes whose initializers give them a font or a button configuration
/// (Nextcloud Talk's `NCButton`, whose `init(frame:)` sets a
/// `UIButton.Configuration`): an instance made in another file shows that
/// font, so it is no `unset_font` there.
struct SelfStylingClasses {
    let builder: AnalysisBuilder

    func run() {
        for scope in builder.context.index.typeScopes where scope.isClass {
            let initializers = scope.memberBlock.members.compactMap { member -> CodeBlockSyntax? in
                guard let initializer = member.decl.as(InitializerDeclSyntax.self),
                    initializer.signature.parameterClause.parameters.first?.firstName.text != "coder"
                else { return nil }
                return initializer.body
            }
            guard !initializers.isEmpty, DocumentFontReplacers.givesItselfAFont(in: initializers, of: scope.memberBlock) else { continue }
            builder.addDefinition(SymbolDefinition(
                name: scope.name, container: nil, kind: .stylesItselfWhenMade, parameters: nil, value: .stylesItselfWhenMade,
                position: builder.context.position(of: scope.node)
            ))
        }
    }
}

extension SelfStylingClasses: UnitRuleFamily {
    static let scope = UnitScope.type
    static let triggers: [Trigger] = ["font =", "font=", "configuration =", "configuration=", "attributedText ="]
    /// A class of the text views (`configuration =` alone is mostly a URL session's).
    static let alsoNeeds: [Trigger] = ["UILabel", "UIButton", "UITextField", "UITextView", "NSTextField", "NSButton", "NSTextView"]
    static func run(in unit: UnitRun) { SelfStylingClasses(builder: unit.builder).run() }
}
