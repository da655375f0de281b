import DynatypeEngine
@testable import DynatypeRules
import Foundation
import Testing

@Suite struct InterfaceBuilderTests {
    @Test func multiLineTagsAreLocatedAtTheirStartAndUnauditedAttributesIgnored() {
        let report = audit("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document>
                <objects>
                    <label text="Total" numberOfLines="1" id="l1">
                        <fontDescription key="fontDescription"
                            type="boldSystem" pointSize="17"/>
                        <constraints>
                            <constraint firstAttribute="height" constant="21" id="c1"/>
                        </constraints>
                    </label>
                    <button id="b1">
                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                    </button>
                    <!-- dynatype:disable:next label_single_line -->
                    <textView id="t1">
                        <!-- dynatype:disable:next missing_adjusts_font - read-only legal text -->
                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                    </textView>
                </objects>
            </document>
            """, fileName: "Form.storyboard")
        #expect(ruleLines(report) == ["interface_builder_fixed_font:5", "superfluous_suppression:14"])
        #expect(report.findings[0].position.column == 13)
        #expect(report.findings[0].replacement == "<fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleHeadline\"/>")
        #expect(report.elements.count == 3)
    }

    /// A text style in Interface Builder cannot be bold, italic, of another
    /// weight or of a custom face: such fonts get the code that keeps them.
    @Test func fontsATextStyleCannotKeepAreFixedInCode() {
        let report = audit("""
            <document><objects>
                <label text="A" id="a"><fontDescription key="fontDescription" type="boldSystem" pointSize="34"/></label>
                <label text="B" id="b"><fontDescription key="fontDescription" type="italicSystem" pointSize="14"/></label>
                <label text="C" id="c"><fontDescription key="fontDescription" name="AvenirNext-Bold" family="Avenir Next" pointSize="28"/></label>
                <label text="D" id="d"><fontDescription key="fontDescription" type="system" weight="light" pointSize="15"/></label>
                <label text="E" id="e"><fontDescription key="fontDescription" type="system" pointSize="34"/></label>
            </objects></document>
            """, fileName: "Traits.xib")
        #expect(ruleLines(report) == (2...6).map { "interface_builder_fixed_font:\($0)" })
        #expect(report.findings.map(\.replacement) == [nil, nil, nil, nil, "<fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleTitle0\"/>"])
        #expect(report.findings[0].fix.contains("UIFontMetrics(forTextStyle: .largeTitle).scaledFont(for: .boldSystemFont(ofSize: 34))"))
        #expect(report.findings[1].fix.contains("no italic"))
        #expect(report.findings[2].fix.contains("UIFont(name: \"AvenirNext-Bold\", size: 28) ?? .systemFont(ofSize: 28)"))
        #expect(report.findings[3].fix.contains(".systemFont(ofSize: 15, weight: .light)"))
        #expect(report.findings[4].fix.contains("the text style Large Title"))
    }

    /// Interface Builder's `pointSize="0.0"` is the default size UIKit draws at 17 pt, not 0 pt.
    @Test func aZeroPointSizeIsTheDefaultSize() {
        let report = audit("""
            <document><objects>
                <label text="Title" id="a"><fontDescription key="fontDescription" type="system" pointSize="0.0"/></label>
            </objects></document>
            """, fileName: "Cell.xib")
        #expect(report.findings.map(\.replacement) == ["<fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleBody\"/>"])
        #expect(report.findings.first?.message.contains("default size, 17pt") == true)
    }
}

@Suite struct InterfaceBuilderDocumentKindTests {
    @Test func buttonConfigurationsScaleAndMacDocumentsAreNotAudited() {
        let iOS = audit("""
            <document targetRuntime="iOS.CocoaTouch"><objects>
                <button id="b"><buttonConfiguration key="configuration" style="filled" title="Go"/></button>
            </objects></document>
            """, fileName: "A.xib")
        #expect(iOS.elements.map(\.verdict) == [.passing])
        let mac = audit("""
            <document targetRuntime="MacOSX.Cocoa"><objects>
                <textField id="t"><textFieldCell key="cell" title="x"><font key="font" metaFont="system"/></textFieldCell></textField>
            </objects></document>
            """, fileName: "B.xib")
        #expect(mac.elements.isEmpty)
        #expect(mac.remarks.contains { $0.contains("macOS Interface Builder document") })
    }
}
