import SwiftSyntax

/// Where the view types of the audited code are shown (`Row(item)` inside a
/// `List` or not), so text truncated in a row view declared in one file and
/// always listed in another is judged as scrolling (`LineLimitRule`).
struct ViewUseCollector {
    let builder: AnalysisBuilder
    let inventory: SwiftUIInventory

    func run() {
        guard builder.context.facts.recordsViewUses else { return }
        var scrolledByType: [String: (scrolled: Bool, at: FunctionCallExprSyntax)] = [:]
        for call in builder.context.index.calls where ViewTree.role(of: call) == .opaque && ViewTree.isViewStatement(call) {
            guard let type = call.calleeName, type.first?.isUppercase == true else { continue }
            let scrolled = inventory.tree.environment(of: call).scrolls
                || ViewHelpers.enclosing(call).map(builder.context.facts.scrolledViewHelpers.contains) == true
            let known = scrolledByType[type]
            scrolledByType[type] = (scrolled && (known?.scrolled ?? true), known?.at ?? call)
        }
        for (type, use) in scrolledByType.sorted(by: { $0.key < $1.key }) {
            builder.addDefinition(SymbolDefinition(
                name: type, container: nil, kind: .viewUse, parameters: nil, value: .viewUse(scrolled: use.scrolled),
                position: builder.context.position(of: use.at)
            ))
        }
    }
}

extension ViewUseCollector: UnitRuleFamily {
    static let scope = UnitScope.member
    /// A view type's use in a view builder; files without "View" build none.
    static let triggers: [Trigger] = ["View"]
    /// Only files that show text are read, so the prefilter still skips the
    /// rest: a row listed only in files without any text is judged as not
    /// scrolling (the finding stays); a use outside any list in such a file
    /// goes unseen.
    static let alsoNeeds = SwiftUIInventory.triggers
    static let gate = FamilyGate([(triggers, alsoNeeds)])
    static func run(in unit: UnitRun) { ViewUseCollector(builder: unit.builder, inventory: unit.inventory).run() }
}
