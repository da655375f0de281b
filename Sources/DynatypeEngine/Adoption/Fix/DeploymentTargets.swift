import Foundation

/// An Apple platform a target builds for.
enum ApplePlatform: String, CaseIterable, Sendable {
    case iOS, macOS, tvOS

    /// The build setting that holds its deployment target.
    var deploymentTargetSetting: String {
        switch self {
        case .iOS: "IPHONEOS_DEPLOYMENT_TARGET"
        case .macOS: "MACOSX_DEPLOYMENT_TARGET"
        case .tvOS: "TVOS_DEPLOYMENT_TARGET"
        }
    }

    /// Its name in `SDKROOT` and `SUPPORTED_PLATFORMS`.
    var sdk: String {
        switch self {
        case .iOS: "iphoneos"
        case .macOS: "macosx"
        case .tvOS: "appletvos"
        }
    }
}

/// An OS release (`15.0`, `10.15`; a manifest's `.v10_15`).
struct OSVersion: Comparable, CustomStringConvertible, Sendable {
    let major: Int
    let minor: Int

    init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    init?(_ text: String) {
        let parts = text.drop { $0 == "v" }.split(whereSeparator: { $0 == "." || $0 == "_" }).map { Int($0) }
        guard let major = parts.first ?? nil, parts.allSatisfy({ $0 != nil }) else { return nil }
        self.init(major, parts.count > 1 ? parts[1]! : 0)
    }

    static func < (lhs: OSVersion, rhs: OSVersion) -> Bool { (lhs.major, lhs.minor) < (rhs.major, rhs.minor) }
    var description: String { "\(major).\(minor)" }
}

/// The lowest OS release each Swift file is built for, per platform: the
/// deployment targets of the Xcode targets that compile it (a target's own
/// setting, else its `.xcconfig`'s, else its project's), the target that
/// keeps the file's folder in sync (Xcode 16), and a package's `platforms:`.
/// A file no target names takes the lowest of every target; a setting no
/// project file holds (a package without `platforms:`) sets no limit.
struct DeploymentTargets {
    typealias Minimums = [ApplePlatform: OSVersion]

    private var byFileName: [String: Minimums] = [:]
    /// Folders Xcode 16 keeps in sync with a target (a trailing `/`), and that target's minimums.
    private var bySynchronizedFolder: [(folder: String, minimums: Minimums)] = []
    private var lowest: Minimums = [:]
    private let build: ProjectBuildFiles
    /// Each `.xcconfig`'s settings, read once however many configurations are based on it.
    private var configurationFileSettings: [String: [String: String]] = [:]

    init(_ build: ProjectBuildFiles) {
        self.build = build
        for project in build.xcodeProjects {
            guard let objects = OpenStepPlist.parse(project.text)?["objects"] else { continue }
            read(objects, folder: project.folder)
        }
    }

    /// Built by tvOS targets alone (Swiftfin's "Swiftfin tvOS" folder): tvOS
    /// has no user-adjustable text size, and iOS's styles would be its own, larger ones.
    func isTVOnly(_ file: URL) -> Bool {
        minimums(for: file).keys.elementsEqual([.tvOS])
    }

    func minimums(for file: URL) -> Minimums {
        if let package = build.package(of: file) { return Self.platforms(inManifest: package.manifest) }
        let path = file.standardizedFileURL.path
        // Every target that builds the file: Swiftfin's "Shared" folder is in its iOS and its tvOS target.
        let building = (byFileName[file.lastPathComponent].map { [$0] } ?? []) + bySynchronizedFolder.filter { path.hasPrefix($0.folder) }.map(\.minimums)
        guard !building.isEmpty else { return lowest }
        var minimums: Minimums = [:]
        for target in building { Self.lower(&minimums, to: target) }
        return minimums
    }

    private mutating func read(_ objects: OpenStepPlist, folder: String) {
        let object = { (id: OpenStepPlist?) in id?.string.flatMap { objects[$0] } }
        let projectSettings = settingsByConfiguration(object(objects.firstObject(isa: "PBXProject")?["buildConfigurationList"]), object)
        for target in objects.objects(isa: "PBXNativeTarget") {
            var minimums: Minimums = [:]
            for (name, own) in settingsByConfiguration(object(target["buildConfigurationList"]), object) {
                let settings = (projectSettings[name] ?? [:]).merging(own) { $1 }
                for platform in Self.platforms(of: settings) {
                    guard let version = settings[platform.deploymentTargetSetting].flatMap(OSVersion.init) else { continue }
                    minimums[platform] = min(minimums[platform] ?? version, version)
                }
            }
            Self.lower(&lowest, to: minimums)
            for group in target["fileSystemSynchronizedGroups"]?.array.compactMap(object) ?? [] {
                guard let path = group["path"]?.string else { continue }
                bySynchronizedFolder.append((folder + path + "/", minimums))
            }
            for phase in target["buildPhases"]?.array.compactMap(object) ?? [] where phase["isa"]?.string == "PBXSourcesBuildPhase" {
                for file in phase["files"]?.array.compactMap(object) ?? [] {
                    let reference = object(file["fileRef"])
                    guard let path = reference?["path"]?.string ?? reference?["name"]?.string else { continue }
                    Self.lower(&byFileName[(path as NSString).lastPathComponent, default: [:]], to: minimums)
                }
            }
        }
    }

    private static func lower(_ minimums: inout Minimums, to other: Minimums) {
        for (platform, version) in other { minimums[platform] = min(minimums[platform] ?? version, version) }
    }

    /// Each build configuration's settings by its name (Debug, Release):
    /// its configuration file's, then its own over them.
    private mutating func settingsByConfiguration(_ list: OpenStepPlist?, _ object: (OpenStepPlist?) -> OpenStepPlist?) -> [String: [String: String]] {
        var result: [String: [String: String]] = [:]
        for configuration in list?["buildConfigurations"]?.array.compactMap(object) ?? [] {
            guard let name = configuration["name"]?.string, case .dictionary(let own)? = configuration["buildSettings"] else { continue }
            let reference = object(configuration["baseConfigurationReference"])
            let fileName = (reference?["path"]?.string ?? reference?["name"]?.string).map { ($0 as NSString).lastPathComponent }
            let base = fileName.map { settings(ofConfigurationFile: $0) } ?? [:]
            result[name] = base.merging(own.compactMapValues(\.string)) { $1 }
        }
        return result
    }

    private mutating func settings(ofConfigurationFile name: String) -> [String: String] {
        if let known = configurationFileSettings[name] { return known }
        let settings = build.configurationFiles[name].map { BuildConfigurationFile.settings(of: $0) } ?? [:]
        configurationFileSettings[name] = settings
        return settings
    }

    /// What a target builds for: its SDK, else its supported platforms.
    private static func platforms(of settings: [String: String]) -> [ApplePlatform] {
        if let sdk = settings["SDKROOT"], let platform = ApplePlatform.allCases.first(where: { $0.sdk == sdk }) { return [platform] }
        let supported = settings["SUPPORTED_PLATFORMS"]?.split(separator: " ").map(String.init) ?? []
        let named = ApplePlatform.allCases.filter { supported.contains($0.sdk) }
        return named.isEmpty ? ApplePlatform.allCases : named
    }

    /// `platforms: [.iOS(.v15), .macOS("12.0")]`.
    static func platforms(inManifest manifest: String) -> Minimums {
        var minimums: Minimums = [:]
        for platform in ApplePlatform.allCases {
            guard let pattern = try? Regex("\\.\(platform.rawValue)\\(\\s*(?:\\.v([0-9_]+)|\"([0-9.]+)\")"),
                let match = manifest.firstMatch(of: pattern)
            else { continue }
            let text = (match.output[1].substring ?? match.output[2].substring).map(String.init) ?? ""
            minimums[platform] = OSVersion(text)
        }
        return minimums
    }
}

private extension OpenStepPlist {
    func objects(isa: String) -> [OpenStepPlist] {
        guard case .dictionary(let objects) = self else { return [] }
        return objects.values.filter { $0["isa"]?.string == isa }
    }

    func firstObject(isa: String) -> OpenStepPlist? { objects(isa: isa).first }
}
