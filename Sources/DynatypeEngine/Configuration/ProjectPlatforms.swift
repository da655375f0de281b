import DynatypeRules
import Foundation

/// The platforms a project builds for, read from its manifests when the
/// configuration does not name them: a `Package.swift`'s `platforms:` and
/// the `SDKROOT`s of the Xcode projects at the top of the audited folder.
/// It decides which text-style table fixes use (macOS's sizes differ) and
/// which platform-specific rules run. nil when nothing says.
public enum ProjectPlatforms {
    public static func detect(in root: URL) -> Set<Platform>? {
        var found: Set<Platform> = []
        if let manifest = read(root.appendingPathComponent("Package.swift")) {
            found.formUnion(packagePlatforms(manifest))
        }
        for project in xcodeProjects(in: root) {
            if let text = read(project.appendingPathComponent("project.pbxproj")) { found.formUnion(xcodePlatforms(text)) }
        }
        return found.isEmpty ? nil : found
    }

    /// `.iOS(.v16), .macOS(.v13)` in the manifest's `platforms: [...]`; a
    /// package that names none builds for all of them (nothing said).
    static func packagePlatforms(_ manifest: String) -> Set<Platform> {
        guard let start = manifest.range(of: "platforms:"), let open = manifest[start.upperBound...].firstIndex(of: "["),
            let close = manifest[open...].firstIndex(of: "]")
        else { return [] }
        let list = manifest[open...close]
        return Set(Platform.allCases.filter { list.contains(".\($0.rawValue)(") })
    }

    static func xcodePlatforms(_ project: String) -> Set<Platform> {
        var found: Set<Platform> = []
        for (sdk, platform) in sdkRoots where project.contains("SDKROOT = \(sdk);") { found.insert(platform) }
        if project.contains("SUPPORTS_MACCATALYST = YES;") { found.insert(.macCatalyst) }
        return found
    }

    private static let sdkRoots: [(String, Platform)] = [
        ("iphoneos", .iOS), ("macosx", .macOS), ("appletvos", .tvOS), ("watchos", .watchOS), ("xros", .visionOS),
    ]

    /// `*.xcodeproj` in the folder and in its folders (`App/App.xcodeproj`).
    private static func xcodeProjects(in root: URL) -> [URL] {
        let manager = FileManager.default
        let top = (try? manager.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)) ?? []
        let nested = top.filter { $0.pathExtension.isEmpty }.flatMap { (try? manager.contentsOfDirectory(at: $0, includingPropertiesForKeys: nil)) ?? [] }
        return (top + nested).filter { $0.pathExtension == "xcodeproj" }
    }

    /// Manifests are small; a huge or unreadable one says nothing.
    private static func read(_ file: URL) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            let size = attributes[.size] as? Int, size < 16 << 20, let data = FileManager.default.contents(atPath: file.path)
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
