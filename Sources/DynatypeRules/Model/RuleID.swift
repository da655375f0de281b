/// The stable identifiers of the rule catalogue (the rule catalogue). Reports, suppression
/// comments, configuration, history and metrics all use the raw values.
/// In the catalogue's order (fonts, layout, scaled metrics, the rest), which
/// `RuleCatalogue.all` lists, and `dynatype rules`, the docs and SARIF follow.
public enum RuleID: String, CaseIterable, Codable, Sendable, Comparable {
    case fixedFontSize = "fixed_font_size"
    case fixedCustomFont = "fixed_custom_font"
    case customFontWithoutRelativeStyle = "custom_font_without_relative_style"
    case fixedUIKitFont = "fixed_uikit_font"
    case fixedAppKitFont = "fixed_appkit_font"
    case unsetFont = "unset_font"
    case fontSizeReadOnce = "font_size_read_once"
    case missingAdjustsFont = "missing_adjusts_font"
    case fixedFontToken = "fixed_font_token"
    case unresolvedFont = "unresolved_font"
    case interfaceBuilderFixedFont = "interface_builder_fixed_font"
    case minimumScaleFactor = "minimum_scale_factor"
    case singleLineTruncation = "single_line_truncation"
    case fixedTextHeight = "fixed_text_height"
    case fixedTextWidth = "fixed_text_width"
    case clampedDynamicType = "clamped_dynamic_type"
    case labelSingleLine = "label_single_line"
    case noLayoutAdaptation = "no_layout_adaptation"
    case scaledMetricFontSize = "scaled_metric_font_size"
    case scaledMetricOutsideView = "scaled_metric_outside_view"
    case scaledMetricWithoutRelativeStyle = "scaled_metric_without_relative_style"
    case fixedSymbolSize = "fixed_symbol_size"
    case fixedIconFrame = "fixed_icon_frame"
    case legacyTraitObserver = "legacy_trait_observer"
    case superfluousSuppression = "superfluous_suppression"

    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}
