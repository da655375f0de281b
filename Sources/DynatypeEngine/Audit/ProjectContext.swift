import Foundation

/// The project an audit of some paths belongs to, whose files lend their
/// symbols to the audited ones: the folder of the `.dynatype.json` in force,
/// else the enclosing git work tree. A file's findings then do not depend on
/// whether the audit names the file, its folder or the repository.
public enum ProjectContext {
    /// `configurationFolder` is the folder of the configuration in force, if any.
    public static func folder(around root: URL, configurationFolder: URL?) -> URL? {
        configurationFolder ?? workTree(containing: root)
    }

    /// The nearest folder at `folder` or above holding `.git` (a folder, or a
    /// file in a linked work tree).
    public static func workTree(containing folder: URL) -> URL? {
        var current = folder.standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: current.appendingPathComponent(".git").path) { return current }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }
}
