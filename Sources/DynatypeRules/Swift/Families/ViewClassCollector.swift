import SwiftSyntax

/// Classes whose names make them look like text views (`AvatarButton`,
/// `PillLabel`), with what they inherit: another file that holds such a view
/// learns from it whether it really is one (the rule catalogue "A `UIControl`
/// or `UIView` subclass is not a `UIButton`"; "A file's findings depend only
/// on the definitions it uses"). Cells too (`ProjectNavigatorTableViewCell`):
/// whether a cell's `textField` is AppKit's or UIKit's is decided by the
/// chain of superclasses, often declared in other files ("UIKit or AppKit is
/// decided by type").
struct ViewClassCollector {
    let builder: AnalysisBuilder

    func run() {
        for scope in builder.context.index.typeScopes where scope.isClass && (UIKitVocabulary.namesTextViewType(scope.name) || scope.name.hasSuffix(Self.cellSuffix)) {
            let inherited = scope.inheritedTypes
            guard !inherited.isEmpty else { continue }
            builder.addDefinition(SymbolDefinition(
                name: scope.name, container: nil, kind: .viewClass, parameters: nil, value: .inherits(inherited),
                position: builder.context.position(of: scope.node)
            ))
        }
    }
}

extension ViewClassCollector: UnitRuleFamily {
    static let scope = UnitScope.type
    /// The endings `UIKitVocabulary.namesTextViewType` looks for, on a
    /// class's name before its inheritance clause (`class PillLabel: …`):
    /// properties end the same way (`showTranslateButton: Bool`), and every
    /// file holding one would be parsed for a family that finds nothing there.
    static let triggers: [Trigger] = (UIKitVocabulary.textViewTypeSuffixes + [cellSuffix]).flatMap { suffix in
        [suffix + ":", suffix + " :"].map { Trigger.declaredName(endingWith: $0, keyword: "class") }
    }
    static let cellSuffix = "Cell"
    static func run(in unit: UnitRun) { ViewClassCollector(builder: unit.builder).run() }
}
