import DynatypeGit
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
        /// Links not followed: their targets are outside the folder.
        public var skippedLinks: [(file: URL, reason: String)] = []
    }

    public func files(under folder: URL) -> Listing {
        var listing = Listing()
        let top = Self.realPath(folder.path) ?? folder.standardizedFileURL.path
        collect(folder, top: top.hasSuffix("/") ? top : top + "/", into: &listing)
        listing.files.sort { $0.path < $1.path }
        return listing
    }

    private func collect(_ folder: URL, top: String, into listing: inout Listing) {
        guard let names = Self.names(in: folder) else {
            listing.unreadable.append((folder, "cannot list this folder: \(String(cString: strerror(errno)))"))
            return
        }
        for name in names {
            let url = folder.appendingPathComponent(name)
            // `lstat`, not `resourceValues`, which costs more than the rest of
            // the listing on Linux. A symbolic link to a folder is not
            // followed (no cycles, nothing outside the tree).
            var status = stat()
            let linked = GitPath.withFileSystemPath(url.path) { lstat($0, &status) } == 0 && status.st_mode & S_IFMT == S_IFLNK
            if !linked, status.st_mode & S_IFMT == S_IFDIR {
                if !ProjectConfiguration.isExcludedFolder(name) { collect(url, top: top, into: &listing) }
                continue
            }
            guard SourceKind(path: name) != nil, configuration.matchesPatterns(relativePath: relativePath(of: url)) else { continue }
            // A linked file is read only when it stays inside the folder: a
            // repository cannot make the audit read, or `fix` write, elsewhere.
            // (A dangling link is listed: reading it fails, and says so.)
            if linked, let target = Self.realPath(url.path), !target.hasPrefix(top) {
                listing.skippedLinks.append((url, "a link to \(target), outside the audited folder: not read"))
                continue
            }
            listing.files.append(url)
        }
    }

    /// A path with every link resolved, or nil when it leads nowhere.
    static func realPath(_ path: String) -> String? {
        guard let resolved = GitPath.withFileSystemPath(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return GitPath.decode(resolved)
    }

    /// A folder's entries, named as git names paths (a name that is not
    /// UTF-8 keeps its bytes, escaped: Foundation's listing decodes it
    /// lossily, and the file it names can then not be opened). Nil when the
    /// folder cannot be listed (`errno` says why).
    private static func names(in folder: URL) -> [String]? {
        guard let directory = GitPath.withFileSystemPath(folder.path, { opendir($0) }) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                GitPath.decode(Array(raw.prefix { $0 != 0 }))
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
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
