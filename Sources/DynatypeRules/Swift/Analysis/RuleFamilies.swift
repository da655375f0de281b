/// Every rule family, listed once: the analyzer runs the unit families in
/// this order and the prefilter reads all their triggers.
enum RuleFamilies {
    /// In the order they run over a unit: the inventory first (it registers
    /// the elements the SwiftUI rules judge), `UIKitFontRule` before the
    /// families that read its text views' elements, `ConstructorRule` last
    /// (it reports the constructors no family judged in context). The
    /// order is also the order of the findings.
    static let unit: [any UnitRuleFamily.Type] = [
        SwiftUIInventory.self, SwiftUIFontRule.self, FrameRule.self, LineLimitRule.self, MinimumScaleFactorRule.self,
        DynamicTypeClampRule.self, LayoutAdaptationRule.self,
        UIKitFontRule.self, UIKitLabelRules.self, HeightConstraintRule.self, ScaledMetricRules.self,
        LegacyTraitObserverRule.self, SymbolConfigurationRule.self, SymbolCollector.self, ViewClassCollector.self, DocumentFontReplacers.self, SelfStylingClasses.self, AppearanceFontCollector.self,
        EntryPoints.self,
        SizeChangeRefreshes.self,
        ConstructorRule.self,
    ]

    /// Suppression comments are read from the whole file, not per unit.
    static let all: [any RuleFamily.Type] = unit + [SuppressionScanner.self]

}
