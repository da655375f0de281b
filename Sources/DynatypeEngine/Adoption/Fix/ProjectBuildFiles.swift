import Foundation

/// The files that say how a project is built: each Xcode project's
/// `project.pbxproj`, its build configuration files and each Swift
/// package's manifest, found in one walk.
struct ProjectBuildFiles {
    /// The text of every `project.pbxproj` that could be read, with the
    /// folder holding its `.xcodeproj` (where its paths start, with a trailing `/`).
    private(set) var xcodeProjects: [(folder: String, text: String)] = []
    /// Folders holding a `Package.swift` (with a trailing `/`), and the manifest's text.
    private(set) var packages: [(folder: String, manifest: String)] = []
    /// `.xcconfig` files by name; a project names them by their file reference.
    private(set) var configurationFiles: [String: URL] = [:]

    init(root: URL) {
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        while let url = walker?.nextObject() as? URL {
            let name = url.lastPathComponent
            if ProjectConfiguration.defaultExcludedFolders.contains(name) {
                walker?.skipDescendants()
            } else if name == "Package.swift" {
                let manifest = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
                packages.append((url.deletingLastPathComponent().standardizedFileURL.path + "/", manifest))
            } else if name.hasSuffix(".xcconfig") {
                if configurationFiles[name] == nil { configurationFiles[name] = url }
            } else if name.hasSuffix(".xcodeproj") {
                walker?.skipDescendants()
                guard let text = try? String(contentsOf: url.appendingPathComponent("project.pbxproj"), encoding: .utf8) else { continue }
                xcodeProjects.append((url.deletingLastPathComponent().standardizedFileURL.path + "/", text))
            }
        }
    }

    /// The package folder a file lies in, the innermost one.
    func package(of file: URL) -> (folder: String, manifest: String)? {
        let path = file.standardizedFileURL.path
        return packages.filter { path.hasPrefix($0.folder) }.max { $0.folder.count < $1.folder.count }
    }
}
