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
        let projects = xcodeProjects(in: root)
        for project in projects {
            if let text = read(project.appendingPathComponent("project.pbxproj")) { found.formUnion(xcodePlatforms(text)) }
        }
        // duckduckgo's macOS browser sets `SDKROOT = macosx` in `Configuration/Global.xcconfig`, not in the project.
        if found.isEmpty, !projects.isEmpty {
            for file in configurationFiles(in: root) {
                if let text = read(file) { found.formUnion(configurationFilePlatforms(String(decoding: text, as: UTF8.self))) }
            }
        }
        return found.isEmpty ? nil : found
    }

    /// `SDKROOT = macosx` lines of an `.xcconfig`.
    static func configurationFilePlatforms(_ text: String) -> Set<Platform> {
        var found: Set<Platform> = []
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0] == "SDKROOT", let platform = sdkRoots.first(where: { $0.0 == parts[1] })?.1 else { continue }
            found.insert(platform)
        }
        return found
    }

    /// `.xcconfig` files in the folder and the two levels below it (`Configuration/Global.xcconfig`).
    private static func configurationFiles(in root: URL) -> [URL] {
        var files: [URL] = []
        var folders = [root]
        for _ in 0..<3 {
            var next: [URL] = []
            for folder in folders.prefix(subfoldersSearched) {
                let entries = contents(of: folder)
                files += entries.filter { $0.pathExtension == "xcconfig" }
                next += entries.filter { $0.pathExtension.isEmpty }
            }
            folders = next
        }
        return Array(files.prefix(subfoldersSearched))
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
        // IceCubesApp's `SDKROOT = auto` targets name theirs: `SUPPORTED_PLATFORMS = "iphoneos iphonesimulator xros xrsimulator"`.
        var searched = project.startIndex..<project.endIndex
        let key = Data("SUPPORTED_PLATFORMS = ".utf8)
        while let match = project.range(of: key, in: searched) {
            let end = project[match.upperBound...].firstIndex(of: UInt8(ascii: ";")) ?? project.endIndex
            let value = String(decoding: project[match.upperBound..<end], as: UTF8.self)
            for word in value.split(whereSeparator: { $0 == " " || $0 == "\"" }) {
                if let platform = sdkRoots.first(where: { $0.0 == word })?.1 { found.insert(platform) }
            }
            searched = end..<project.endIndex
        }
        return found
    }

    private static let sdkRoots: [(String, Platform)] = [
        ("iphoneos", .iOS), ("macosx", .macOS), ("appletvos", .tvOS), ("watchos", .watchOS), ("xros", .visionOS),
    ]

    /// `*.xcodeproj` in the folder, else in the nearest level of folders below
    /// that has one (`App/App.xcodeproj`, Go Map!!'s `src/iOS/Go Map!!.xcodeproj`):
    /// a project's manifests sit near its top, and the folder may be large.
    private static func xcodeProjects(in root: URL) -> [URL] {
        var level = [root]
        for depth in 0...2 {
            let entries = level.prefix(subfoldersSearched).flatMap(contents)
            let projects = entries.filter { $0.pathExtension == "xcodeproj" }
            // A package at the top says what it builds for itself.
            if !projects.isEmpty || depth == 0 && entries.contains(where: { $0.lastPathComponent == "Package.swift" }) { return projects }
            level = entries.filter { $0.pathExtension.isEmpty }
        }
        return []
    }

    private static func contents(of folder: URL) -> [URL] {
        (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil, options: .skipsHiddenFiles)) ?? []
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
