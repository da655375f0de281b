extension RuleCatalogue {
    static let interfaceBuilderFixedFont = RuleDescriptor(
        .interfaceBuilderFixedFont, name: "Interface Builder fixed font", severity: .error, families: [InterfaceBuilderAnalyzer.self],
        summary: "a label, button, text field or text view in a .xib/.storyboard with a point-size font instead of a text style",
        rationale: "A system or custom font with a point size does not scale.",
        fix: "set the font to a text style and tick \"Automatically Adjusts Font\"", sources: "Apple: UIFontMetrics (https://developer.apple.com/documentation/uikit/uifontmetrics)", platforms: Platform.uiKit,
        triggering: [
            RuleExample("""
                <document><objects><label text="Total" id="a">
                    ↓<fontDescription key="fontDescription" type="system" pointSize="17"/>
                </label></objects></document>
                """, fileName: "Example.xib"),
            // Bold, italic and custom faces too; a text style cannot keep them, so the fix is code.
            RuleExample("""
                <document><objects><label text="Total" id="a">
                    ↓<fontDescription key="fontDescription" type="boldSystem" pointSize="34"/>
                </label></objects></document>
                """, fileName: "Example.xib"),
        ],
        nonTriggering: [RuleExample("""
            <document><objects><label text="Total" adjustsFontForContentSizeCategory="YES" id="a">
                <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
            </label></objects></document>
            """, fileName: "Example.xib")]
    )
}
