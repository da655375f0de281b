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

    /// What a folder holds for the audit: the files the configuration
    /// includes (recursively, sorted), and the subfolders that could not be
    /// listed, with why (they are reported, never silently skipped).
    public struct Listing {
        public var files: [URL] = []
        public var unreadable: [(folder: URL, reason: String)] = []
    }

    public func files(under folder: URL) -> Listing {
        var listing = Listing()
        collect(folder, into: &listing)
        listing.files.sort { $0.path < $1.path }
        return listing
    }

    private func collect(_ folder: URL, into listing: inout Listing) {
        let entries: [URL]
        do {
            entries = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isDirectoryKey])
        } catch {
            let reason = (error as NSError).userInfo[NSUnderlyingErrorKey].flatMap { ($0 as? NSError)?.code }
                .map { String(cString: strerror(Int32($0))) } ?? (error as NSError).localizedDescription
            listing.unreadable.append((folder, "cannot list this folder: \(reason)"))
            return
        }
        for url in entries {
            // A symbolic link to a folder is not followed (no cycles, nothing outside the tree).
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true {
                if !ProjectConfiguration.isExcludedFolder(url.lastPathComponent) { collect(url, into: &listing) }
                continue
            }
            guard SourceKind(path: url.path) != nil, configuration.matchesPatterns(relativePath: relativePath(of: url)) else { continue }
            listing.files.append(url)
        }
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
