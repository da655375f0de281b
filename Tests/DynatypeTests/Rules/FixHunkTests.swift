@testable import DynatypeEngine
@testable import DynatypeRules
import Foundation
import Testing

/// Replacements a reviewer merges as they are (the rule catalogue "What real
/// apps showed" and the fix rules): what hand-judged `fix --dry-run` hunks
/// on real apps rejected.
@Suite struct FixHunkTests {
    @Test func aFallbackTheCodeGivesIsNotDuplicated() {
        let report = audit("""
            import UIKit
            final class C: UIView {
                let label = UILabel()
                func setUp() {
                    label.font = UIFont(name: "Avenir", size: 15) ?? .systemFont(ofSize: 15)
                    label.adjustsFontForContentSizeCategory = true
                }
            }
            """)
        #expect(report.findings.compactMap(\.replacement) == [
            "UIFont(name: \"Avenir\", size: 15).map(UIFontMetrics(forTextStyle: .subheadline).scaledFont(for:))",
            "UIFont.preferredFont(forTextStyle: .subheadline)",
        ])
        let fixed = audit("""
            import UIKit
            final class C: UIView {
                let label = UILabel()
                func setUp() {
                    label.font = UIFont(name: "Avenir", size: 15).map(UIFontMetrics(forTextStyle: .subheadline).scaledFont(for:)) ?? UIFont.preferredFont(forTextStyle: .subheadline)
                    label.adjustsFontForContentSizeCategory = true
                }
            }
            """)
        #expect(fixed.findings.isEmpty && fixed.elements.allSatisfy { $0.verdict == .passing })
    }

    @Test func shrinkingBesideALineLimitIsNotReplacedByAnotherLineLimit() {
        let report = audit("""
            import SwiftUI
            struct Row: View {
                var body: some View {
                    VStack { Text("Title").lineLimit(2) }.minimumScaleFactor(0.5)
                    Text("Other").minimumScaleFactor(0.5)
                }
            }
            """)
        let shrinking = report.findings.filter { $0.rule == .minimumScaleFactor }
        #expect(shrinking.map(\.replacement) == [nil, ".lineLimit(nil)"])
        #expect(shrinking.first?.fix.contains("`.lineLimit(…)`") == true)
    }

    @Test func theAdjustsFlagIsSuggestedOnlyWhereAViewGetsTheFont() {
        let report = audit("""
            import UIKit
            final class C: UIView {
                let label = UILabel()
                func setUp() { label.font = .systemFont(ofSize: 13) }
            }
            let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 12)]
            """)
        #expect(report.findings.map { $0.fix.contains("adjustsFontForContentSizeCategory") } == [true, false])
    }

    @Test func appKitFixesUseMacOSSizesAndItsOwnDefaults() {
        let report = audit("""
            import AppKit
            final class C: NSViewController {
                let a = NSTextField(), b = NSTextField(), c = NSTextField(), d = NSTextField()
                func setUp() {
                    a.font = .systemFont(ofSize: 11)
                    b.font = .systemFont(ofSize: 0)
                    c.font = .userFixedPitchFont(ofSize: 0)
                    d.font = .monospacedSystemFont(ofSize: 17, weight: .regular)
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_appkit_font:5", "fixed_appkit_font:6", "fixed_appkit_font:8"], "the user's own font size is no fixed size")
        #expect(report.findings.compactMap(\.replacement) == [
            "NSFont.preferredFont(forTextStyle: .subheadline)",
            "NSFont.preferredFont(forTextStyle: .body)",
            "NSFont(descriptor: NSFont.preferredFont(forTextStyle: .title2).fontDescriptor.withDesign(.monospaced)!, size: 0)"
                + " ?? NSFont.preferredFont(forTextStyle: .title2)",
        ])
    }

    @Test func aSizeReadWhereUIKitRunsTheCodeAgainFollowsTheUser() {
        let report = audit("""
            import UIKit
            final class Cell: UICollectionViewListCell {
                let title = UILabel()
                override func updateConfiguration(using state: UICellConfigurationState) {
                    title.font = .systemFont(ofSize: UIFont.preferredFont(forTextStyle: .body).pointSize, weight: .semibold)
                }
            }
            """)
        #expect(!ruleLines(report).contains { $0.hasPrefix("font_size_read_once") })
    }
}

@Suite struct ProjectPlatformTests {
    @Test func manifestsNameThePlatforms() {
        #expect(ProjectPlatforms.packagePlatforms("let p = Package(name: \"A\", platforms: [.macOS(.v13)], targets: [])") == [.macOS])
        #expect(ProjectPlatforms.packagePlatforms("let p = Package(name: \"A\", platforms: [.iOS(.v16), .macOS(.v13)])") == [.iOS, .macOS])
        #expect(ProjectPlatforms.packagePlatforms("let p = Package(name: \"A\")").isEmpty)
        #expect(ProjectPlatforms.xcodePlatforms(Data("SDKROOT = macosx;\nSDKROOT = macosx;".utf8)) == [.macOS])
        #expect(ProjectPlatforms.xcodePlatforms(Data("SDKROOT = iphoneos;\nSUPPORTS_MACCATALYST = YES;".utf8)) == [.iOS, .macCatalyst])
    }

    @Test func aMacOSOnlyProjectGetsMacOSSizesInSwiftUIFixes() {
        let code = """
            import SwiftUI
            struct Row: View { var body: some View { Text("a").font(.system(size: 13)) } }
            """
        let macOS = audit(code, configuration: RuleConfiguration(platforms: [.macOS]))
        let everywhere = audit(code)
        #expect(macOS.findings.map(\.replacement) == [".body"])
        #expect(everywhere.findings.map(\.replacement) == [".footnote"])
        #expect(macOS.findings.allSatisfy { $0.onMacOS == nil } && everywhere.findings.allSatisfy { $0.onMacOS == nil })
    }

    @Test func aCustomFontsRelativeStyleIsMacOSsOnMacOS() {
        let code = """
            import SwiftUI
            struct Picker: View { var body: some View { Text("Aa").font(.custom("Menlo", size: 13.5)) } }
            """
        #expect(audit(code, configuration: RuleConfiguration(platforms: [.macOS])).findings.map(\.replacement) == [".custom(\"Menlo\", size: 13.5, relativeTo: .body)"])
        #expect(audit(code).findings.map(\.replacement) == [".custom(\"Menlo\", size: 13.5, relativeTo: .footnote)"])
    }
}
