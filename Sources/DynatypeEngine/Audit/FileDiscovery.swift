import Foundation

/// Finds the files to audit under the paths a user gives.
public struct FileDiscovery {
    public let configuration: ProjectConfiguration
    /// The folder the configuration's patterns are relative to.
    public let configurationRoot: URL

    public init(configuration: ProjectConfiguration, configurationRoot: URL) {
        self.configuration = configuration
        self.configurationRoot = configurationRoot.standardizedFileURL
    }

    /// Files under a folder (recursively) that the configuration includes, sorted.
    public func files(under folder: URL) -> [URL] {
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey, .isRegularFileKey]) else {
            return []
        }
        var found: [URL] = []
        for case let url as URL in enumerator {
            let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isRegularFileKey])
            if values?.isDirectory == true {
                if ProjectConfiguration.defaultExcludedFolders.contains(url.lastPathComponent) { enumerator.skipDescendants() }
                continue
            }
            guard SourceKind(path: url.path) != nil, configuration.includes(relativePath: relativePath(of: url)) else { continue }
            found.append(url)
        }
        return found.sorted { $0.path < $1.path }
    }

    private func relativePath(of url: URL) -> String {
        Self.relativePath(of: url, to: configurationRoot)
    }

    public static func relativePath(of url: URL, to root: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = root.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

/// Finds `.dynatype.json` at a folder or above it, stopping at the repository root.
public enum ConfigurationLocator {
    public static func find(from folder: URL) -> URL? {
        var current = folder.standardizedFileURL
        let manager = FileManager.default
        while true {
            let candidate = current.appendingPathComponent(ProjectConfiguration.fileName)
            if manager.fileExists(atPath: candidate.path) { return candidate }
            if manager.fileExists(atPath: current.appendingPathComponent(".git").path) { return nil }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }
}
