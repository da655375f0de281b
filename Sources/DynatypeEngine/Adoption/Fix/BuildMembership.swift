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
    private let build: ProjectBuildFiles

    init(_ build: ProjectBuildFiles) {
        let synchronized = build.xcodeProjects.contains { $0.text.contains("PBXFileSystemSynchronizedRootGroup") }
        named = build.xcodeProjects.isEmpty || synchronized ? nil : build.xcodeProjects.reduce(into: Set()) { $0.formUnion(Self.swiftFileNames(in: $1.text)) }
        self.build = build
    }

    /// False only for a file the project's files show no target builds.
    func isBuilt(_ file: URL) -> Bool {
        guard let named else { return true }
        return named.contains(file.lastPathComponent) || build.package(of: file) != nil
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
