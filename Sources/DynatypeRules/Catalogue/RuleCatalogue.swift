/// The rule catalogue: each rule's descriptor lives in a file of its own under
/// `Rules/` (its id, severity, summary, rationale, fix, sources and examples).
public enum RuleCatalogue {
    /// Exhaustive, so a rule id without a descriptor does not compile.
    public static func descriptor(_ id: RuleID) -> RuleDescriptor {
        switch id {
        case .fixedFontSize: fixedFontSize
        case .fixedCustomFont: fixedCustomFont
        case .customFontWithoutRelativeStyle: customFontWithoutRelativeStyle
        case .fixedUIKitFont: fixedUIKitFont
        case .fixedAppKitFont: fixedAppKitFont
        case .unsetFont: unsetFont
        case .fontSizeReadOnce: fontSizeReadOnce
        case .missingAdjustsFont: missingAdjustsFont
        case .fixedFontToken: fixedFontToken
        case .unresolvedFont: unresolvedFont
        case .interfaceBuilderFixedFont: interfaceBuilderFixedFont
        case .minimumScaleFactor: minimumScaleFactor
        case .singleLineTruncation: singleLineTruncation
        case .fixedTextHeight: fixedTextHeight
        case .fixedTextWidth: fixedTextWidth
        case .clampedDynamicType: clampedDynamicType
        case .labelSingleLine: labelSingleLine
        case .noLayoutAdaptation: noLayoutAdaptation
        case .scaledMetricFontSize: scaledMetricFontSize
        case .scaledMetricOutsideView: scaledMetricOutsideView
        case .scaledMetricWithoutRelativeStyle: scaledMetricWithoutRelativeStyle
        case .fixedSymbolSize: fixedSymbolSize
        case .fixedIconFrame: fixedIconFrame
        case .legacyTraitObserver: legacyTraitObserver
        case .superfluousSuppression: superfluousSuppression
        }
    }

    /// Every rule, in the catalogue's order (`RuleID`'s).
    public static let all: [RuleDescriptor] = RuleID.allCases.map(descriptor)
}
