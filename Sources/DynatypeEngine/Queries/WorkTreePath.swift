import Foundation

/// A path given on the command line as a path in a repository: like git,
/// relative to the current folder when that is inside the work tree, else
/// relative to the work tree's root; an absolute path must be in the work tree.
public enum WorkTreePath {
    public struct Outside: Error, CustomStringConvertible {
        public let description: String
    }

    /// The path relative to the work tree's root (`.` for the root itself).
    public static func resolve(_ argument: String, workTree: URL, currentDirectory: URL) throws(Outside) -> String {
        let root = workTree.standardizedFileURL.resolvingSymlinksInPath().path
        let current = currentDirectory.resolvingSymlinksInPath().path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        let inside = { (path: String) in path == root || path.hasPrefix(prefix) }
        let base = argument.hasPrefix("/") ? "/" : (inside(current) ? current : root)
        let absolute = URL(fileURLWithPath: argument, relativeTo: URL(fileURLWithPath: base, isDirectory: true)).standardizedFileURL.path
        guard inside(absolute) else { throw Outside(description: "\(argument) is outside the repository \(root)") }
        return absolute == root ? "." : String(absolute.dropFirst(prefix.count))
    }
}
