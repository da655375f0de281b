import DynatypeGit
import DynatypeHistory
import Foundation

/// How a repository is named in a history when nobody names it: after its
/// folder (`/srv/git/app.git` is "app"), in the characters a metric label
/// and a file name accept.
public enum RepositoryNaming {
    public static func isAllowed(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || "-_.".contains(character)
    }

    public static func defaultName(for folder: URL) -> String {
        let name = String(folder.standardizedFileURL.lastPathComponent.replacingOccurrences(of: ".git", with: "").map { isAllowed($0) ? $0 : "-" })
        return name.isEmpty || name == "-" ? "repository" : name
    }
}

extension RepositoryIdentity {
    /// The identity of `repository`: `name`, or its folder's, and its root commit.
    public static func of(_ repository: Repository, at folder: URL, name: String?) throws -> RepositoryIdentity {
        RepositoryIdentity(
            name: name ?? RepositoryNaming.defaultName(for: folder), rootCommit: try repository.rootCommit()?.hex ?? "",
            isNamedExplicitly: name != nil
        )
    }
}
