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
            found.formUnion(packagePlatforms(String(decoding: manifest, as: UTF8.self)))
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

    /// The `SDKROOT`s of a `project.pbxproj` (megabytes of text: searched as bytes).
    static func xcodePlatforms(_ project: Data) -> Set<Platform> {
        var found: Set<Platform> = []
        for (sdk, platform) in sdkRoots where project.range(of: Data("SDKROOT = \(sdk);".utf8)) != nil { found.insert(platform) }
        if project.range(of: Data("SUPPORTS_MACCATALYST = YES;".utf8)) != nil { found.insert(.macCatalyst) }
        return found
    }

    private static let sdkRoots: [(String, Platform)] = [
        ("iphoneos", .iOS), ("macosx", .macOS), ("appletvos", .tvOS), ("watchos", .watchOS), ("xros", .visionOS),
    ]

    /// `*.xcodeproj` in the folder, else in its first folders (`App/App.xcodeproj`):
    /// a project's manifests sit at its top, and the folder may be large.
    private static func xcodeProjects(in root: URL) -> [URL] {
        let manager = FileManager.default
        let top = (try? manager.contentsOfDirectory(at: root, includingPropertiesForKeys: nil, options: .skipsHiddenFiles)) ?? []
        let here = top.filter { $0.pathExtension == "xcodeproj" }
        guard here.isEmpty, !top.contains(where: { $0.lastPathComponent == "Package.swift" }) else { return here }
        return top.filter { $0.pathExtension.isEmpty }.prefix(subfoldersSearched).flatMap { folder in
            ((try? manager.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil, options: .skipsHiddenFiles)) ?? [])
                .filter { $0.pathExtension == "xcodeproj" }
        }
    }

    private static let subfoldersSearched = 32

    /// Manifests are small; a huge or unreadable one says nothing.
    private static func read(_ file: URL) -> Data? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            let size = attributes[.size] as? Int, size < 16 << 20
        else { return nil }
        return FileManager.default.contents(atPath: file.path)
    }
}
