@testable import DynatypeRules
import Testing

/// Findings that hand-judged samples on mastodon-ios, home-assistant/iOS and
/// Aidoku found no reviewer would want, each a class, not a case.
@Suite struct ReviewerJudgedTests {
    @Test func widgetContentKeepsItsFontRulesButNotTheRulesAboutRoomToGrow() {
        let tile = """
            import SwiftUI
            import WidgetKit
            struct Tile: View {
                var body: some View {
                    Text("12.4 kWh").font(.title).lineLimit(1).minimumScaleFactor(0.5).frame(height: 40)
                    Text("kWh").font(.system(size: 12))
                }
            }
            """
        #expect(ruleLines(audit(tile)) == ["fixed_font_size:6"])
        let app = tile.replacingOccurrences(of: "import WidgetKit\n", with: "")
        #expect(ruleLines(audit(app)).contains("minimum_scale_factor:4"), "the same view in the app is judged")
    }

    @Test func generatedCodeReportsOnlyWhatTheAppsCallsMake() {
        let generated = """
            // swiftlint:disable all
            // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen
            import SwiftUI
            extension Font {
                static func custom(_ name: String, fixedSize: CGFloat) -> Font { .custom(name, fixedSize: fixedSize) }
            }
            struct Tag: View {
                var body: some View { Text("new").lineLimit(1).frame(height: 20) }
            }
            """
        let report = audit(generated)
        #expect(report.findings.isEmpty)
        #expect(report.remarks.contains { $0.hasPrefix("generated code") })
        let handWritten = audit(generated.replacingOccurrences(of: "Generated using SwiftGen", with: "Fonts of the app"))
        #expect(!handWritten.findings.isEmpty)
    }

    @Test func aLaunchScreenIsNotAudited() {
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" launchScreen="YES">
                <scenes><scene sceneID="s"><objects><viewController id="v"><view key="view" id="w"><subviews>
                    <label text="A PROJECT FROM" id="l"><fontDescription key="fontDescription" type="system" pointSize="17"/></label>
                </subviews></view></viewController></objects></scene></scenes>
            </document>
            """
        let report = audit(["LaunchScreen.storyboard": storyboard])["LaunchScreen.storyboard"]!
        #expect(report.findings.isEmpty && report.elements.isEmpty)
        let main = audit(["Main.storyboard": storyboard.replacingOccurrences(of: " launchScreen=\"YES\"", with: "")])["Main.storyboard"]!
        #expect(ruleLines(main) == ["interface_builder_fixed_font:4"])
    }

    @Test func viewsThatDrawNoWordsAreNotText() {
        let report = audit("""
            import SwiftUI
            struct Row: View {
                let icon: UIImage
                var body: some View {
                    Text("").id("anchor")
                    Text(" · ").font(.system(size: 9))
                    Image(uiImage: icon).font(.system(size: 30))
                    Text("Loading title").font(.system(size: 9)).redacted(reason: .placeholder)
                    Text("Title").font(.system(size: 9))
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_font_size:9"])
        #expect(report.elements.map(\.element.description) == ["Text(\"Loading title\")", "Text(\"Title\")"])
    }

    @Test func aConfiguredButtonsTitleLabelFontNeverShows() {
        let report = audit("""
            import UIKit
            final class Onboarding: UIView {
                let start = UIButton()
                let plain = UIButton()
                func setUp() {
                    start.configuration = .filled()
                    start.setTitle("Start", for: .normal)
                    start.titleLabel?.font = .systemFont(ofSize: 17)
                    plain.setTitle("Skip", for: .normal)
                    plain.titleLabel?.font = .systemFont(ofSize: 17)
                }
            }
            """)
        #expect(ruleLines(report) == ["fixed_uikit_font:10"])
    }

    @Test func aDisplaySizedSymbolIsScaledNotTurnedIntoBody() {
        let report = audit("""
            import SwiftUI
            struct Done: View {
                var body: some View { Image(systemName: "checkmark.circle").font(.system(size: 100)) }
            }
            """)
        let finding = report.findings.first { $0.rule == .fixedSymbolSize }
        #expect(finding?.fix.contains("@ScaledMetric(relativeTo: .largeTitle)") == true)
        #expect(finding?.fix.contains(".body") == false)
    }

    /// home-assistant/iOS's watch app: `.system(size: 16)` became `.callout`,
    /// iOS's 16 pt style, which on watchOS is another size.
    @Test func watchCodeKeepsItsSizesAndScalesThem() {
        let watch = audit("""
            import SwiftUI
            import WatchKit
            struct Row: View {
                var body: some View { Text("Lights").font(.system(size: 16, weight: .semibold)) }
            }
            """)
        let inBlock = audit("""
            import SwiftUI
            struct Row: View {
                var body: some View {
                    #if os(watchOS)
                    Text("Lights").font(.system(size: 16))
                    #elseif !os(watchOS)
                    Text("Lights").font(.system(size: 15))
                    #endif
                }
            }
            """)
        for finding in watch.findings + inBlock.findings.prefix(1) {
            #expect(finding.rule == .fixedFontSize)
            #expect(finding.replacement == nil, "no iOS text style stands for a watch size")
            #expect(finding.fix.contains("@ScaledMetric(relativeTo: .body) private var size: CGFloat = 16"))
        }
        #expect(inBlock.findings.map(\.replacement) == [nil, ".subheadline"])
        // home-assistant/iOS's watch views import only SwiftUI: the watch app's entry point marks their folder.
        let row = "import SwiftUI\nstruct Row: View {\n    var body: some View { Text(\"Lights\").font(.system(size: 16)) }\n}\n"
        let reports = audit([
            "WatchApp/WatchApp.swift": """
                import SwiftUI
                @main
                struct WatchApp: App {
                    @WKApplicationDelegateAdaptor(ExtensionDelegate.self) private var delegate
                    var body: some Scene { WindowGroup { Row() } }
                }
                """,
            "WatchApp/Home/Row.swift": row,
            "App/Row.swift": row,
        ])
        let watchRow = reports["WatchApp/Home/Row.swift"]!.findings
        #expect(watchRow.map(\.rule) == [.fixedFontSize] && watchRow.first?.replacement == nil)
        #expect(watchRow.first?.fix.contains("@ScaledMetric(relativeTo: .body) private var size: CGFloat = 16") == true)
        #expect(reports["App/Row.swift"]!.findings.map(\.replacement) == [".callout"])
    }

    /// mastodon-ios's capped preferred font: the size is read from a text
    /// style the caller names, so wrapping the font in `UIFontMetrics` (the
    /// old fix) scaled the user's size a second time.
    @Test func aSizeReadFromAStyleNamedAtRunTimeIsReadOnceWithNoPastedFix() {
        let report = audit("""
            import UIKit
            extension UIFont {
                static func preferredFont(withTextStyle textStyle: UIFont.TextStyle, maxSize: CGFloat) -> UIFont {
                    let fontDescriptor = UIFontDescriptor.preferredFontDescriptor(withTextStyle: textStyle)
                    return UIFont(descriptor: fontDescriptor, size: min(fontDescriptor.pointSize, maxSize))
                }
            }
            """)
        #expect(ruleLines(report) == ["font_size_read_once:5"])
        let finding = report.findings.first
        #expect(finding?.replacement == nil)
        #expect(finding?.message.contains("read once from `textStyle`'s font") == true)
        #expect(finding?.fix.contains("UIFontMetrics(forTextStyle: textStyle)") == true)
    }

    /// mastodon-ios's SwiftGen banner: one font, one note (the member call
    /// inside it was a second note about the same code).
    @Test func aFontThatCannotBeResolvedIsOneNote() {
        let reports = audit([
            "Banner.swift": """
                import SwiftUI
                struct Banner: View {
                    var body: some View { Text("Reported").font(Font(FontFamily.Staatliches.regular.font(size: 49) as CTFont)) }
                }
                """,
            "Fonts.swift": """
                import UIKit
                public struct FontConvertible {
                    public let name: String
                    public typealias Font = UIFont
                    public func font(size: CGFloat) -> Font {
                        guard let font = Font(font: self, size: size) else { fatalError() }
                        return font
                    }
                }
                """,
        ])
        let notes = reports["Banner.swift"]!.findings.filter { $0.rule == .unresolvedFont }
        #expect(notes.map(\.current) == ["FontFamily.Staatliches.regular.font(size: 49)"])
    }

    /// openfoodfacts-ios: a UIButton's font is set on its `titleLabel`.
    @Test func anUnsetButtonFontIsSetOnItsTitleLabel() {
        let report = audit("""
            import UIKit
            final class History: UIViewController {
                let firstScanButton = UIButton(type: .system)
                override func viewDidLoad() {
                    firstScanButton.setTitle("Scan", for: .normal)
                    view.addSubview(firstScanButton)
                }
            }
            """)
        #expect(ruleLines(report) == ["unset_font:3"])
        #expect(report.findings.first?.fix == "set `firstScanButton.titleLabel?.font = UIFont.preferredFont(forTextStyle: .body)` "
            + "and `firstScanButton.titleLabel?.adjustsFontForContentSizeCategory = true`")
    }

    /// home-assistant/iOS, mastodon-ios, pocket-casts-ios: a widget
    /// extension's views import only SwiftUI; its folder says what they are.
    @Test func aWidgetExtensionsFolderIsWidgetContent() {
        let entry = "import SwiftUI\nstruct EntryView: View {\n    let name: String\n    var body: some View { Text(name).lineLimit(1) }\n}\n"
        let bundle = "import WidgetKit\nimport SwiftUI\n@main\nstruct Widgets: WidgetBundle {\n    var body: some Widget { StatusWidget() }\n}\n"
        let reports = audit([
            "Widgets/Widgets.swift": bundle,
            "Widgets/Views/EntryView.swift": entry,
            "App/Row.swift": entry,
        ])
        #expect(ruleLines(reports["Widgets/Views/EntryView.swift"]!) == [])
        #expect(ruleLines(reports["App/Row.swift"]!) == ["single_line_truncation:4"])
        // home-assistant/iOS launches one of two bundles from an enum.
        let launcher = "import WidgetKit\n@main\nenum WidgetLauncher {\n    static func main() { Widgets.main() }\n}\n"
        #expect(ruleLines(audit(["Widgets/Launcher.swift": launcher, "Widgets/EntryView.swift": entry])["Widgets/EntryView.swift"]!) == [])
        // A folder that also holds the app's entry point is not the widget's alone.
        let shared = audit([
            "Sources/Widgets.swift": bundle,
            "Sources/App/Main.swift": "import SwiftUI\n@main\nstruct Main: App {\n    var body: some Scene { WindowGroup { EntryView(name: \"x\") } }\n}\n",
            "Sources/EntryView.swift": entry,
        ])
        #expect(ruleLines(shared["Sources/EntryView.swift"]!) == ["single_line_truncation:4"])
        // Nor is every file of the audit, when the bundle sits at its top.
        #expect(ruleLines(audit(["Widgets.swift": bundle, "EntryView.swift": entry])["EntryView.swift"]!) == ["single_line_truncation:4"])
    }

    /// IceCubesApp's media overlays: a view's `let font: Font` is what the
    /// calls that make the view pass it.
    @Test func aStoredFontIsWhatTheCallsThatMakeTheViewPass() {
        let tag = "import SwiftUI\nstruct Tag: View {\n    let font: Font\n    var body: some View { Text(\"new\").font(font) }\n}\n"
        let scaled = audit(["Tag.swift": tag, "Row.swift": "import SwiftUI\nstruct Row: View {\n    var body: some View { Tag(font: .caption) }\n}\n"])
        #expect(scaled["Tag.swift"]!.findings.isEmpty)
        #expect(scaled["Tag.swift"]!.elements.map(\.verdict) == [.passing])
        let mixed = audit([
            "Tag.swift": tag,
            "Row.swift": "import SwiftUI\nstruct Row: View {\n    var body: some View { VStack { Tag(font: .caption); Tag(font: .system(size: 12)) } }\n}\n",
        ])
        #expect(ruleLines(mixed["Tag.swift"]!) == ["unresolved_font:4"])
        #expect(ruleLines(mixed["Row.swift"]!) == ["fixed_font_size:3"])
        #expect(ruleLines(audit(["Tag.swift": tag])["Tag.swift"]!) == ["unresolved_font:4"], "made nowhere in the audit")
    }
}
