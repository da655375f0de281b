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
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            listing.unreadable.append((folder, "cannot list this folder: \(Self.reason(folder, error))"))
            return
        }
        for name in names {
            let url = folder.appendingPathComponent(name)
            // `lstat`, not `resourceValues`, which costs more than the rest of
            // the listing on Linux. A symbolic link to a folder is not
            // followed (no cycles, nothing outside the tree).
            var status = stat()
            let linked = lstat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
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
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The POSIX reason (`Permission denied`), which Foundation's own message words vaguely.
    private static func reason(_ folder: URL, _ error: Error) -> String {
        guard let directory = opendir(folder.path) else { return String(cString: strerror(errno)) }
        closedir(directory)
        return (error as NSError).localizedDescription
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
