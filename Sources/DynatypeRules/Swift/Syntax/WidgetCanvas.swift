/// Widgets, complications and Live Activities draw on a canvas of a size the
/// system fixes: nothing there scrolls or grows, so one line, shrinking to
/// fit and fixed frames are how text is meant to fit (Apple's WidgetKit
/// guidance), not a Dynamic Type failure. Their fonts still scale with the
/// user's text size, so the font rules judge them as anywhere else. Widget
/// code is a file that imports WidgetKit, ClockKit or ActivityKit, or any
/// file in the folder of a widget extension's entry point (`EntryPoints`).
enum WidgetCanvas {
    /// A file importing one of these builds widget content.
    static let modules: Set<String> = ["WidgetKit", "ClockKit", "ActivityKit"]

    /// The rules about room to grow, which a fixed canvas does not have.
    static let layoutRules: Set<RuleID> = [
        .singleLineTruncation, .minimumScaleFactor, .labelSingleLine, .fixedTextHeight, .fixedTextWidth, .noLayoutAdaptation,
        .fixedIconFrame,
    ]
}
