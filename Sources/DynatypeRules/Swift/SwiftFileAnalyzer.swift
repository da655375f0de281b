import SwiftParser
import SwiftSyntax

/// Phase one for a Swift file: syntax tree → `FileAnalysis`. Pure: no I/O.
public struct SwiftFileAnalyzer: Sendable {
    /// Changes whenever the analysis of some input changes, so cached
    /// analyses of older versions are never reused.
    public static let version = "swift-1"

    public init() {}

    public func analyze(source: String) -> FileAnalysis {
        analyze(tree: Parser.parse(source: source), hasSuppressions: source.contains(SuppressionScanner.marker))
    }

    public func analyze(tree: SourceFileSyntax, hasSuppressions: Bool = true) -> FileAnalysis {
        let index = SyntaxIndex(tree)
        let context = FileContext(tree: tree, index: index)
        let builder = AnalysisBuilder(context: context)

        let inventory = SwiftUIInventory(builder: builder)
        SwiftUIFontRule(builder: builder, inventory: inventory).run()
        FrameRule(builder: builder, inventory: inventory).run()
        LineLimitRule(builder: builder, inventory: inventory).run()
        MinimumScaleFactorRule(builder: builder, inventory: inventory).run()
        DynamicTypeClampRule(builder: builder, inventory: inventory).run()
        LayoutAdaptationRule(builder: builder, inventory: inventory).run()

        let receivers = ReceiverIndex(context: context)
        let elementOf = UIKitFontRule(builder: builder, receivers: receivers).run()
        UIKitLabelRules(builder: builder, receivers: receivers, elementOf: elementOf).run()
        HeightConstraintRule(builder: builder, receivers: receivers, elementOf: elementOf).run()

        ScaledMetricRules(builder: builder).run()
        LegacyTraitObserverRule(builder: builder).run()
        SymbolConfigurationRule(builder: builder).run()
        SymbolCollector(builder: builder).run()
        ConstructorRule(builder: builder).run()

        if hasSuppressions {
            builder.addSuppressions(SuppressionScanner.scan(tree, converter: context.converter))
        }
        if tree.hasError {
            builder.addRemark("the parser recovered from syntax errors; results for this file are best-effort")
        }
        return builder.analysis
    }
}
