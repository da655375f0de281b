@testable import DynatypeEngine
@testable import DynatypeRules
import Foundation
import SwiftParser
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

    /// pocket-casts-ios WhatsNew: "SFProText-Medium" is no face iOS knows by name,
    /// so the stand-in is what shows, and it must not lose the weight.
    @Test func theSystemFontStandingInForAFaceKeepsItsWeight() {
        let report = audit("""
            import UIKit
            final class C: UIView {
                let a = UILabel(), b = UILabel()
                func setUp() {
                    a.font = UIFont(name: "SFProText-Medium", size: 18)
                    b.font = UIFont(name: "Avenir", size: 15)
                    a.adjustsFontForContentSizeCategory = true
                    b.adjustsFontForContentSizeCategory = true
                }
            }
            """)
        #expect(report.findings.compactMap(\.replacement) == [
            "UIFontMetrics(forTextStyle: .body).scaledFont(for: UIFont(name: \"SFProText-Medium\", size: 18) ?? .systemFont(ofSize: 18, weight: .medium))",
            "UIFontMetrics(forTextStyle: .subheadline).scaledFont(for: UIFont(name: \"Avenir\", size: 15) ?? .systemFont(ofSize: 15))",
        ])
    }

    /// home-assistant's complication: a size a computed property picks from
    /// three (22, 12, 16) is a conditional, so one style for all is no fix.
    @Test func aComputedSizeWithSeveralValuesGetsOneStylePerBranchOrNone() {
        let report = audit("""
            import SwiftUI
            struct Gauge: View {
                let isValueOnly: Bool
                let hasGauge: Bool
                private var valueFontSize: CGFloat { if isValueOnly { 22 } else if hasGauge { 12 } else { 16 } }
                private var labelSize: CGFloat { hasGauge ? 13 : 13 }
                var body: some View {
                    Text("68%").font(.system(size: valueFontSize, weight: .semibold))
                    Text("Battery").font(.system(size: labelSize))
                }
            }
            """)
        #expect(report.findings.map(\.replacement) == [nil, ".footnote"])
        #expect(report.findings.first?.fix.contains("give each branch its own text style") == true)
    }

    @Test func aSquareFrameIsNotStretchedIntoATallBox() {
        let report = audit("""
            import SwiftUI
            struct Digit: View {
                let edge: CGFloat = 48
                var body: some View {
                    Text("4").frame(width: edge, height: edge)
                    Text("1").frame(width: Size.circle.width, height: Size.circle.height)
                    Text("Save").frame(width: 120, height: 44)
                }
            }
            enum Size { static let circle = CGSize(width: 24, height: 24) }
            """)
        let heights = report.findings.filter { $0.rule == .fixedTextHeight }
        #expect(heights.map(\.replacement) == [nil, nil, ".frame(minWidth: 120, minHeight: 44)"])
        #expect(heights.first?.fix.contains("@ScaledMetric") == true)
    }

    @Test func aCustomFontAtBodySizeGetsNoHunkThatChangesNothing() {
        let report = audit("""
            import SwiftUI
            struct Story: View {
                var body: some View {
                    GeometryReader { geometry in
                        Text("a").font(.custom("DM Sans", size: geometry.size.height * 0.1))
                    }
                    Text("b").font(.custom("DM Sans", size: 17))
                    Text("c").font(.custom("DM Sans", size: 28))
                }
            }
            """)
        let custom = report.findings.filter { $0.rule == .customFontWithoutRelativeStyle }
        #expect(custom.count == 3)
        #expect(custom.map(\.replacement) == [nil, nil, ".custom(\"DM Sans\", size: 28, relativeTo: .title)"])
    }

    @Test func aSwiftUIFontMadeFromAUIKitFontBecomesSwiftUIsStyle() {
        let report = audit("""
            import SwiftUI
            import UIKit
            enum Fonts {
                static let text = Font(UIFont.systemFont(ofSize: 16))
                static let strong = Font(UIFont.systemFont(ofSize: 20, weight: .semibold))
                static var code: Font {
                    let descriptor = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .caption2)
                    return Font(uiFont: .monospacedSystemFont(ofSize: descriptor.pointSize, weight: .regular))
                }
            }
            """)
        #expect(report.findings.map(\.current) == [
            "Font(UIFont.systemFont(ofSize: 16))", "Font(UIFont.systemFont(ofSize: 20, weight: .semibold))",
            "Font(uiFont: .monospacedSystemFont(ofSize: descriptor.pointSize, weight: .regular))",
        ])
        #expect(report.findings.map(\.replacement) == [
            "Font.callout", "Font.title3.weight(.semibold)", "Font.system(.caption2, design: .monospaced)",
        ])
    }

    @Test func aFontMadeAtTheSizeOfAFontPassedInIsJudgedWhereThatFontIsMade() {
        let report = audit("""
            import UIKit
            extension NSMutableAttributedString {
                func restyle(_ newFont: UIFont) {
                    if let descriptor = newFont.fontDescriptor.withSymbolicTraits(.traitBold) {
                        addAttribute(.font, value: UIFont(descriptor: descriptor, size: newFont.pointSize), range: NSRange(location: 0, length: length))
                    }
                }
            }
            """)
        #expect(report.findings.isEmpty)
    }

    @Test func aHelperSizedByItsCallersGetsAdviceNotOneStyleForAll() {
        let report = audit("""
            import UIKit
            extension UIFont {
                static func appFont(ofSize size: CGFloat) -> UIFont { UIFont.systemFont(ofSize: size) }
            }
            final class C: UIView {
                let label = UILabel()
                func setUp() {
                    label.font = .appFont(ofSize: 15)
                    label.adjustsFontForContentSizeCategory = true
                }
            }
            """)
        let helper = report.findings.filter { $0.rule == .fixedUIKitFont }
        #expect(helper.count == 1 && helper[0].replacement == nil)
        #expect(helper.first?.fix.contains("relativeTo:") == true)
    }

    @Test func aClosureCalledWhereItIsWrittenIsTheFontItReturns() {
        let report = audit("""
            import UIKit
            final class Meter: UIView {
                let numberLabel: UILabel = {
                    let label = UILabel()
                    label.font = {
                        let font = UIFont.systemFont(ofSize: 20, weight: .semibold)
                        return font.fontDescriptor.withDesign(.rounded).flatMap { UIFont(descriptor: $0, size: 20) } ?? font
                    }()
                    return label
                }()
            }
            """)
        #expect(ruleLines(report) == ["fixed_uikit_font:6", "fixed_uikit_font:7"])
    }

    @Test func aProtocolExtensionsMemberIsEveryConformingTypes() {
        let reports = audit([
            "Appearance.swift": """
                import UIKit
                protocol OnboardingAppearance: UIViewController {}
                extension OnboardingAppearance {
                    static var subTitleFont: UIFont {
                        UIFontMetrics(forTextStyle: .title3).scaledFont(for: .systemFont(ofSize: 17))
                    }
                }
                """,
            "Login.swift": """
                import UIKit
                final class LoginViewController: UIViewController {
                    let explanation = UILabel()
                    override func viewDidLoad() {
                        explanation.font = LoginViewController.subTitleFont
                        explanation.adjustsFontForContentSizeCategory = true
                    }
                }
                extension LoginViewController: OnboardingAppearance {}
                """,
        ])
        #expect(reports["Login.swift"]?.findings.isEmpty == true)
        #expect(reports["Login.swift"]?.elements.allSatisfy { $0.verdict == .passing } == true)
    }

    /// `let descriptor = …` left unread by the fix would be a new compiler warning.
    @Test func theLocalAFixLeavesUnreadGoesWithIt() throws {
        let code = """
            import UIKit
            final class Title: UIView {
                let label = UILabel()
                func setUp() {
                    let descriptor = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .title3) // the heading's
                    let other = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .body)
                    label.font = UIFont.systemFont(ofSize: descriptor.pointSize, weight: .semibold)
                    label.adjustsFontForContentSizeCategory = true
                    print(other)
                }
            }
            """
        let finding = try #require(audit(code).findings.first { $0.rule == .fontSizeReadOnce })
        let bytes = Array(code.utf8)
        let edits = FixLocator(tree: Parser.parse(source: code), bytes: bytes).edits(for: finding)
        let fixed = String(decoding: FixEdit.apply(edits, to: bytes).result, as: UTF8.self)
        #expect(!fixed.contains("let descriptor") && !fixed.contains("the heading's"))
        #expect(fixed.contains("let other = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .body)\n"))
        #expect(fixed.contains("label.font = UIFontMetrics(forTextStyle: .title3).scaledFont(for: UIFont.systemFont(ofSize: 20, weight: .semibold))"))
        #expect(!Parser.parse(source: fixed).hasError)
    }

    @Test func aFindingsEditsGoInTogetherOrNotAtAll() {
        let finding = audit("import SwiftUI\nstruct A: View { var body: some View { Text(\"a\").font(.system(size: 12)) } }").findings[0]
        var other = finding
        other.rule = .fixedTextHeight
        let bytes = Array("0123456789".utf8)
        let result = FixEdit.apply([
            FixEdit(range: 2..<4, text: "x", finding: finding), FixEdit(range: 6..<8, text: "y", finding: finding),
            FixEdit(range: 7..<9, text: "z", finding: other),
        ], to: bytes)
        #expect(String(decoding: result.result, as: UTF8.self) == "0123456z9")
        #expect(result.skipped.count == 2)
    }
}

@Suite struct ProjectPlatformTests {
    /// Go Map!!'s project is `src/iOS/Go Map!!.xcodeproj`; a top-level package still speaks for itself.
    @Test func aProjectTwoFoldersDownNamesThePlatforms() throws {
        let folder = try TemporaryDirectory()
        try folder.write("src/iOS/Go Map!!.xcodeproj/project.pbxproj", "SDKROOT = iphoneos;\nSUPPORTS_MACCATALYST = YES;\n")
        try folder.write("src/Shared/Model.swift", "struct Model {}\n")
        #expect(ProjectPlatforms.detect(in: folder.url) == [.iOS, .macCatalyst])
        try folder.write("Package.swift", "let package = Package(name: \"Kit\", platforms: [.macOS(.v13)])\n")
        #expect(ProjectPlatforms.detect(in: folder.url) == [.macOS])
    }

    @Test func manifestsNameThePlatforms() {
        #expect(ProjectPlatforms.packagePlatforms("let p = Package(name: \"A\", platforms: [.macOS(.v13)], targets: [])") == [.macOS])
        #expect(ProjectPlatforms.packagePlatforms("let p = Package(name: \"A\", platforms: [.iOS(.v16), .macOS(.v13)])") == [.iOS, .macOS])
        #expect(ProjectPlatforms.packagePlatforms("let p = Package(name: \"A\")").isEmpty)
        #expect(ProjectPlatforms.xcodePlatforms(Data("SDKROOT = macosx;\nSDKROOT = macosx;".utf8)) == [.macOS])
        #expect(ProjectPlatforms.xcodePlatforms(Data("SDKROOT = iphoneos;\nSUPPORTS_MACCATALYST = YES;".utf8)) == [.iOS, .macCatalyst])
        #expect(ProjectPlatforms.configurationFilePlatforms("// Global\nSDKROOT = macosx\nMACOSX_DEPLOYMENT_TARGET = 11.4") == [.macOS])
        #expect(ProjectPlatforms.configurationFilePlatforms("SDKROOT_SUFFIX = x").isEmpty)
        let auto = "SDKROOT = auto;\nSUPPORTED_PLATFORMS = \"iphoneos iphonesimulator xros xrsimulator\";\nSDKROOT = iphoneos;"
        #expect(ProjectPlatforms.xcodePlatforms(Data(auto.utf8)) == [.iOS, .visionOS])
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

    /// CodeEdit: a 16 pt symbol became `.callout`, which is 12 pt on macOS.
    @Test func aMacOSOnlyProjectGetsMacOSSizesInSymbolFixes() {
        let code = """
            import SwiftUI
            struct Row: View { var body: some View { Image(systemName: "ellipsis.circle").font(.system(size: 16)) } }
            """
        #expect(audit(code, configuration: RuleConfiguration(platforms: [.macOS])).findings.map(\.replacement) == [".title3"])
        #expect(audit(code).findings.map(\.replacement) == [".callout"])
    }

    /// CodeEdit's find-mode picker: `NSFont.systemFontSize(for: .small)` is 11 pt, macOS's `.subheadline`, not `.body`;
    /// ownCloud's `UIFont.systemFontSize` is 14 pt, UIKit's `.subheadline`.
    @Test func thePlatformsNamedSizesNameTheirNearestStyle() {
        let appKit = audit("""
            import AppKit
            func fonts() -> [NSFont] {
                [NSFont.systemFont(ofSize: NSFont.systemFontSize(for: .small)), NSFont.systemFont(ofSize: NSFont.smallSystemFontSize)]
            }
            """)
        #expect(appKit.findings.map(\.replacement) == [
            "NSFont.preferredFont(forTextStyle: .subheadline)", "NSFont.preferredFont(forTextStyle: .subheadline)",
        ])
        let uiKit = audit("""
            import UIKit
            final class Cell: UITableViewCell {
                func style() { textLabel?.font = UIFont.systemFont(ofSize: UIFont.systemFontSize) }
            }
            """)
        #expect(uiKit.findings.map(\.replacement) == ["UIFont.preferredFont(forTextStyle: .subheadline)"])
    }

    /// WWDC's timeline: `.monospacedDigitSystemFont(ofSize:)` in a file that imports
    /// only SwiftUI is AppKit's font in a macOS-only project, where UIKit's rule does not apply.
    @Test func aPlatformFontNoImportDecidesIsAppKitsInAMacOSOnlyProject() {
        let code = """
            import SwiftUI
            final class Timeline: NSView {
                func show() { layer?.contents = Floating.text(for: 1, font: .monospacedDigitSystemFont(ofSize: 15, weight: .medium)) }
            }
            """
        #expect(ruleLines(audit(code, configuration: RuleConfiguration(platforms: [.macOS]))) == ["fixed_appkit_font:3"])
        #expect(ruleLines(audit(code)) == ["fixed_uikit_font:3"])
    }

    @Test func aCustomFontsRelativeStyleIsMacOSsOnMacOS() {
        let code = """
            import SwiftUI
            struct Picker: View { var body: some View { Text("Aa").font(.custom("Menlo", size: 11)) } }
            """
        #expect(audit(code, configuration: RuleConfiguration(platforms: [.macOS])).findings.map(\.replacement) == [".custom(\"Menlo\", size: 11, relativeTo: .subheadline)"])
        #expect(audit(code).findings.map(\.replacement) == [".custom(\"Menlo\", size: 11, relativeTo: .caption2)"])
    }
}
