import SwiftSyntax

/// A program's entry points (`@main`, `@UIApplicationMain`,
/// `@NSApplicationMain`), each recorded as a widget extension's
/// (`WidgetBundle`, `Widget`) or an app's: the folder of a widget
/// extension's entry point holds widget code (`WidgetCanvas`), also in the
/// files that import only SwiftUI.
struct EntryPoints {
    /// The one name every entry point is defined under.
    static let name = "@main"
    private static let attributes: Set<String> = ["main", "UIApplicationMain", "NSApplicationMain"]
    private static let widgetProtocols: Set<String> = ["WidgetBundle", "Widget"]
    private static let appProtocols: Set<String> = ["App", "UIApplicationDelegate", "NSApplicationDelegate"]
    /// What only a watch app's entry point names (a SwiftUI app's WatchKit delegate).
    private static let watchNames: Set<String> = ["WKApplicationDelegateAdaptor", "WKExtensionDelegateAdaptor", "WKApplicationDelegate", "WKExtensionDelegate"]

    let builder: AnalysisBuilder

    func run() {
        for scope in builder.context.index.typeScopes where !scope.isExtension {
            let attributes = scope.node.asProtocol(WithAttributesSyntax.self)?.attributes ?? []
            let names = attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedText }
            guard !Self.attributes.isDisjoint(with: names) else { continue }
            let conformances = Set(scope.inheritedTypes)
            let app = !Self.appProtocols.isDisjoint(with: conformances) || names.contains { $0 != "main" }
            // A launcher (`@main enum WidgetLauncher { static func main() … }`) in widget code picks a bundle.
            let widget = !Self.widgetProtocols.isDisjoint(with: conformances) || !app && builder.context.facts.drawsOnFixedCanvas
            let watch = builder.context.facts.targetsWatchOS
                || scope.node.tokens(viewMode: .sourceAccurate).contains { Self.watchNames.contains($0.text) }
            builder.addDefinition(SymbolDefinition(
                name: Self.name, container: scope.name, kind: .entryPoint, parameters: nil,
                value: .entryPoint(widget: widget, watch: watch),
                position: builder.context.position(of: scope.node)
            ))
        }
    }
}

extension EntryPoints: UnitRuleFamily {
    static let scope = UnitScope.type
    static let triggers: [Trigger] = ["@main", "@UIApplicationMain", "@NSApplicationMain"]
    static func run(in unit: UnitRun) { EntryPoints(builder: unit.builder).run() }
}
