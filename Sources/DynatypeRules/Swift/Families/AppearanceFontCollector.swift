import SwiftSyntax

/// Fonts given through appearance proxies (`UILabel.appearance().font = …`,
/// `appearance(whenContainedInInstancesOf:)`): an element of that class whose
/// own code sets no font has that one (the rule catalogue `unset_font`),
/// wherever in the audited code the proxy is set. The proxied font itself is
/// judged where it is written, like any other font.
struct AppearanceFontCollector {
    let builder: AnalysisBuilder

    func run() {
        let classifier = FontClassifier(context: builder.context)
        for assignment in builder.context.index.assignments {
            let elements = Array(assignment.elements)
            guard elements.count >= 3, let target = elements[0].unwrapped.as(MemberAccessExprSyntax.self),
                target.declName.baseName.text == "font",
                let proxy = target.base?.unwrapped.as(FunctionCallExprSyntax.self), proxy.calleeName == "appearance",
                let type = proxy.calleeBase?.referencedName
            else { continue }
            let font = classifier.classify(sequence: Array(elements[2...]), expecting: .platformFont, depth: 0)
            builder.addDefinition(SymbolDefinition(
                name: type, container: nil, kind: .appearanceFont, parameters: nil, value: .font(font.value),
                position: builder.context.position(of: assignment)
            ))
        }
    }
}

extension AppearanceFontCollector: UnitRuleFamily {
    static let scope = UnitScope.member
    static let triggers: [Trigger] = ["appearance("]
    static func run(in unit: UnitRun) { AppearanceFontCollector(builder: unit.builder).run() }
}
