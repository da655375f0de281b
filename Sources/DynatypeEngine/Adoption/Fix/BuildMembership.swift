import Foundation

/// Whether a Swift file is compiled at all, as far as the project's own
/// files say: reviewers rejected fixes to files no target builds (left
/// behind in a folder, out of every Xcode project: a change nobody sees,
/// counted as fixed). A file is built when an Xcode project names it, or
/// when it lies in a Swift package; where the project cannot say (no Xcode
/// project, or folders Xcode 16 keeps in sync without naming their files),
/// every file counts as built.
struct BuildMembership {
    /// File names the Xcode projects name; nil when membership is unknown.
    private let named: Set<String>?
    /// Folders holding a `Package.swift`: their files belong to a package.
    private let packages: [String]

    init(root: URL) {
        var names: Set<String> = []
        var packages: [String] = []
        var projects = 0
        var synchronized = false
        let keys: [URLResourceKey] = [.isDirectoryKey]
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
        while let url = walker?.nextObject() as? URL {
            let name = url.lastPathComponent
            if ProjectConfiguration.defaultExcludedFolders.contains(name) {
                walker?.skipDescendants()
            } else if name == "Package.swift" {
                packages.append(url.deletingLastPathComponent().standardizedFileURL.path + "/")
            } else if name.hasSuffix(".xcodeproj") {
                walker?.skipDescendants()
                guard let text = try? String(contentsOf: url.appendingPathComponent("project.pbxproj"), encoding: .utf8) else { continue }
                projects += 1
                synchronized = synchronized || text.contains("PBXFileSystemSynchronizedRootGroup")
                names.formUnion(Self.swiftFileNames(in: text))
            }
        }
        named = projects == 0 || synchronized ? nil : names
        self.packages = packages
    }

    /// False only for a file the project's files show no target builds.
    func isBuilt(_ file: URL) -> Bool {
        guard let named else { return true }
        let path = file.standardizedFileURL.path
        return named.contains(file.lastPathComponent) || packages.contains { path.hasPrefix($0) }
    }

    /// `path = Foo.swift;`, `name = "My View.swift";`: every Swift file name a project file mentions.
    private static func swiftFileNames(in project: String) -> Set<String> {
        var names: Set<String> = []
        for line in project.split(separator: "\n") where line.contains(".swift") {
            for field in line.split(whereSeparator: { $0 == ";" || $0 == "=" || $0 == "{" || $0 == "}" }) {
                let value = field.trimmingCharacters(in: CharacterSet(charactersIn: " \t\""))
                guard value.hasSuffix(".swift") else { continue }
                names.insert(String(value.split(separator: "/").last ?? Substring(value)))
            }
        }
        return names
    }
}
