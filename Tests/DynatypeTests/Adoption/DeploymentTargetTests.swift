@testable import DynatypeEngine
import Foundation
import Testing

/// "A fix that needs a newer OS than the file's deployment target uses a
/// form the target has, or none": the targets come from the Xcode project
/// (a target's own setting over its project's) and a package's manifest.
@Suite struct DeploymentTargetTests {
    /// An app target on iOS 15 (its own setting), a widget on the project's
    /// iOS 13, and a Mac target on macOS 10.15.
    private static func project(appTarget: String = "15.0") -> String {
        """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objects = {
                P1 /* Project object */ = {isa = PBXProject; buildConfigurationList = PL /* list */; targets = (T1, T2, T3);};
                PL = {isa = XCConfigurationList; buildConfigurations = (PC /* Debug */, );};
                PC /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 13.0; SDKROOT = iphoneos;}; name = Debug;};
                T1 /* App */ = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (S1, R1); name = App;};
                L1 = {isa = XCConfigurationList; buildConfigurations = (C1, );};
                C1 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = \(appTarget); "OTHER_FLAGS" = "-a \\"b\\"";}; name = Debug;};
                S1 = {isa = PBXSourcesBuildPhase; files = (B1 /* App.swift in Sources */, );};
                R1 = {isa = PBXResourcesBuildPhase; files = ();};
                B1 = {isa = PBXBuildFile; fileRef = F1 /* App.swift */; };
                F1 /* App.swift */ = {isa = PBXFileReference; path = Views/App.swift; sourceTree = "<group>"; };
                T2 /* Widget */ = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (S2, );};
                L2 = {isa = XCConfigurationList; buildConfigurations = (C2, );};
                C2 = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = Widget;}; name = Debug;};
                S2 = {isa = PBXSourcesBuildPhase; files = (B2, );};
                B2 = {isa = PBXBuildFile; fileRef = F2; };
                F2 = {isa = PBXFileReference; name = "Widget View.swift"; path = "Widget View.swift"; };
                T3 /* Mac */ = {isa = PBXNativeTarget; buildConfigurationList = L3; buildPhases = (S3, );};
                L3 = {isa = XCConfigurationList; buildConfigurations = (C3, );};
                C3 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = macosx; MACOSX_DEPLOYMENT_TARGET = 10.15;}; name = Debug;};
                S3 = {isa = PBXSourcesBuildPhase; files = (B3, );};
                B3 = {isa = PBXBuildFile; fileRef = F3; };
                F3 = {isa = PBXFileReference; path = Mac.swift; };
            };
            rootObject = P1;
        }
        """
    }

    @Test func eachFileHasItsTargetsDeploymentTarget() throws {
        let folder = try TemporaryDirectory()
        try folder.write("App.xcodeproj/project.pbxproj", Self.project())
        try folder.write("Kit/Package.swift", "let package = Package(name: \"Kit\", platforms: [.iOS(.v16), .macOS(\"13.0\")])")
        let targets = DeploymentTargets(ProjectBuildFiles(root: folder.url))
        let file = { (path: String) in targets.minimums(for: folder.url.appendingPathComponent(path)) }
        #expect(file("Views/App.swift") == [.iOS: OSVersion(15)])
        #expect(file("Widget View.swift") == [.iOS: OSVersion(13)], "the project's setting where the target has none")
        #expect(file("Mac.swift") == [.macOS: OSVersion(10, 15)])
        #expect(file("Elsewhere.swift") == [.iOS: OSVersion(13), .macOS: OSVersion(10, 15)], "a file no target names: the lowest of all")
        #expect(file("Kit/Sources/Kit/View.swift") == [.iOS: OSVersion(16), .macOS: OSVersion(13)])
    }

    /// Bark's widget: its folder is kept in sync with the widget target
    /// (Xcode 16), which names no file, on iOS 17 where the app is on iOS 13.
    @Test func aFileInAFolderATargetKeepsInSyncHasThatTargetsDeploymentTarget() throws {
        let folder = try TemporaryDirectory()
        let anchor = "F3 = {isa = PBXFileReference; path = Mac.swift; };"
        let synchronized = Self.project().replacingOccurrences(of: anchor, with: anchor + """

            T4 /* Widget */ = {isa = PBXNativeTarget; buildConfigurationList = L4; buildPhases = (); fileSystemSynchronizedGroups = (G4, );};
            G4 /* Widget */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Widget; sourceTree = "<group>"; };
            L4 = {isa = XCConfigurationList; buildConfigurations = (C4, );};
            C4 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 17.0;}; name = Debug;};
            """)
        #expect(synchronized.contains("G4"), "the fixture changed")
        try folder.write("App.xcodeproj/project.pbxproj", synchronized)
        let targets = DeploymentTargets(ProjectBuildFiles(root: folder.url))
        #expect(targets.minimums(for: folder.url.appendingPathComponent("Widget/Timeline.swift")) == [.iOS: OSVersion(17)])
        #expect(targets.minimums(for: folder.url.appendingPathComponent("Other/Timeline.swift")) == [.iOS: OSVersion(13), .macOS: OSVersion(10, 15)])
    }

    /// Swiftfin: "Shared" is kept in sync with its iOS and its tvOS target,
    /// "Swiftfin tvOS" with the tvOS target alone, which `fix` leaves.
    @Test func aFolderSharedByTwoTargetsHasBothAndATVFolderIsTVOnly() throws {
        let folder = try TemporaryDirectory()
        try folder.write("App.xcodeproj/project.pbxproj", """
            // !$*UTF8*$!
            {
                objects = {
                    P1 = {isa = PBXProject; buildConfigurationList = PL; targets = (T1, T2);};
                    PL = {isa = XCConfigurationList; buildConfigurations = (PC, );};
                    PC = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug;};
                    T1 /* iOS */ = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (); fileSystemSynchronizedGroups = (GS, GI, );};
                    L1 = {isa = XCConfigurationList; buildConfigurations = (C1, );};
                    C1 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; IPHONEOS_DEPLOYMENT_TARGET = 18.6;}; name = Debug;};
                    T2 /* tvOS */ = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (); fileSystemSynchronizedGroups = (GS, GT, );};
                    L2 = {isa = XCConfigurationList; buildConfigurations = (C2, );};
                    C2 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = appletvos; TVOS_DEPLOYMENT_TARGET = 17.0;}; name = Debug;};
                    GS = {isa = PBXFileSystemSynchronizedRootGroup; path = Shared; sourceTree = "<group>"; };
                    GI = {isa = PBXFileSystemSynchronizedRootGroup; path = "App iOS"; sourceTree = "<group>"; };
                    GT = {isa = PBXFileSystemSynchronizedRootGroup; path = "App tvOS"; sourceTree = "<group>"; };
                };
                rootObject = P1;
            }
            """)
        let targets = DeploymentTargets(ProjectBuildFiles(root: folder.url))
        let shared = folder.url.appendingPathComponent("Shared/ErrorView.swift")
        let tv = folder.url.appendingPathComponent("App tvOS/Stepper.swift")
        #expect(targets.minimums(for: shared) == [.iOS: OSVersion(18, 6), .tvOS: OSVersion(17)])
        #expect(!targets.isTVOnly(shared))
        #expect(targets.isTVOnly(tv) && !targets.isTVOnly(folder.url.appendingPathComponent("App iOS/Row.swift")))
    }

    /// IINA: the app target's deployment target is in the `.xcconfig` its
    /// configuration is based on (which includes another), not in the project file.
    @Test func aTargetsConfigurationFileSetsItsDeploymentTarget() throws {
        let folder = try TemporaryDirectory()
        let project = Self.project().replacingOccurrences(
            of: "C3 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = macosx; MACOSX_DEPLOYMENT_TARGET = 10.15;}; name = Debug;};",
            with: """
                C3 = {isa = XCBuildConfiguration; baseConfigurationReference = X1 /* Mac.xcconfig */; buildSettings = {SDKROOT = macosx;}; name = Debug;};
                X1 /* Mac.xcconfig */ = {isa = PBXFileReference; path = Mac.xcconfig; sourceTree = "<group>"; };
                """
        )
        #expect(project.contains("X1 /* Mac.xcconfig */"), "the fixture changed")
        try folder.write("App.xcodeproj/project.pbxproj", project)
        try folder.write("Configs/Mac.xcconfig", "// The Mac app\n#include \"Deployment.xcconfig\"\nPRODUCT_NAME = Mac\n")
        try folder.write("Configs/Deployment.xcconfig", "MACOSX_DEPLOYMENT_TARGET = 10.14 // oldest\nMACOSX_DEPLOYMENT_TARGET[arch=arm64] = 12\n")
        let targets = DeploymentTargets(ProjectBuildFiles(root: folder.url))
        #expect(targets.minimums(for: folder.url.appendingPathComponent("Mac.swift")) == [.macOS: OSVersion(10, 14)])
    }

    @Test func aBrokenProjectFileSetsNoLimit() throws {
        let folder = try TemporaryDirectory()
        try folder.write("App.xcodeproj/project.pbxproj", "{ objects = { <<<<<<< HEAD")
        #expect(DeploymentTargets(ProjectBuildFiles(root: folder.url)).minimums(for: folder.url.appendingPathComponent("A.swift")).isEmpty)
    }

    @Test func theNewestAPIAReplacementWritesIsWhatItNeeds() {
        #expect(APIAvailability.of(".title2")?.needs[.iOS] == OSVersion(14))
        // UIKit's title2 is iOS 11, as UIFontMetrics is (Eidolon targets iOS 10).
        let metrics = APIAvailability.of("UIFontMetrics(forTextStyle: .title2).scaledFont(for: font)")
        #expect(metrics?.needs[.iOS] == OSVersion(11))
        #expect(metrics?.unavailable(on: [.iOS: OSVersion(10)]).count == 1)
        #expect(metrics?.unavailable(on: [.iOS: OSVersion(11)]).isEmpty == true)
        #expect(APIAvailability.of(".custom(\"A\", size: 15, relativeTo: .subheadline)")?.needs[.macOS] == OSVersion(11))
        #expect(APIAvailability.of("NSFont.preferredFont(forTextStyle: .body)")?.unavailable(on: [.macOS: OSVersion(10, 15)]).count == 1)
        #expect(APIAvailability.of(".caption.weight(.medium)") == nil)
        #expect(APIAvailability.of("@ScaledMetric(relativeTo: .body) private var side: CGFloat = 24")?.api == "`@ScaledMetric`")
    }

    /// The same SwiftUI view in the app (iOS 15) gets `.title3`; in the
    /// widget (the project's iOS 13) it keeps its finding and is named.
    @Test func aFixNewerThanTheTargetIsLeftUndoneAndNamed() throws {
        let folder = try TemporaryDirectory()
        try folder.write("App.xcodeproj/project.pbxproj", Self.project())
        let view = "import SwiftUI\nstruct A: View { var body: some View { Text(\"a\").font(.system(size: 20)) } }\n"
        try folder.write("Views/App.swift", view)
        try folder.write("Widget View.swift", view)
        let result = try runDynatype(["fix", "--dry-run", "--no-cache", "."], in: folder.url)
        #expect(result.stdout.contains("+++ b/Views/App.swift") && result.stdout.contains(".font(.title3)"), "\(result.stdout)")
        #expect(!result.stdout.contains("Widget View.swift"), "\(result.stdout)")
        #expect(result.stderr.contains("Widget View.swift:2: SwiftUI's `.title2`, `.title3` and `.caption2` needs iOS 14.0, the target is iOS 13.0"), "\(result.stderr)")
    }

    /// alt-tab-macos and Rectangle (macOS 10.12, 10.15): the report's
    /// `NSFont.preferredFont(forTextStyle:)` would not compile where it is
    /// pasted, so it is advice that says under which check it does.
    @Test func anAuditsReplacementNewerThanTheTargetIsAdviceThatNamesTheRelease() throws {
        let folder = try TemporaryDirectory()
        try folder.write("App.xcodeproj/project.pbxproj", Self.project())
        try folder.write("Mac.swift", """
            import AppKit
            final class Row: NSView {
                let title = NSTextField(labelWithString: "Title")
                let detail = NSTextField(labelWithString: "Detail")
                func setUp() { title.font = NSFont.systemFont(ofSize: 13) }
            }
            """)
        let result = try runDynatype(["audit", "--format", "json", "--no-cache", "."], in: folder.url)
        let files = try #require(try LegacyCode.json(result.stdout)["files"] as? [[String: Any]])
        let findings = try #require(files.first?["findings"] as? [[String: Any]])
        let fixed = try #require(findings.first { $0["rule"] as? String == "fixed_appkit_font" })
        #expect(fixed["replacement"] == nil)
        #expect(fixed["fix"] as? String == "`NSFont.preferredFont(forTextStyle:)` needs macOS 11.0 and the target is macOS 10.15: "
            + "use `NSFont.preferredFont(forTextStyle: .body)` where macOS 11.0 is available (`if #available(macOS 11.0, *)`, `@available(macOS 11.0, *)`), "
            + "or raise the deployment target")
        let unset = try #require(findings.first { $0["rule"] as? String == "unset_font" })
        #expect((unset["fix"] as? String)?.hasSuffix("(`NSFont.preferredFont(forTextStyle:)` needs macOS 11.0 and the target is macOS 10.15)") == true)
    }
}
