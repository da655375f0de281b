import CGit2

/// The repository's `.mailmap` (and `mailmap.file` / `mailmap.blob`), as
/// `git shortlog` applies it: one person's commits under old names and
/// addresses are counted as theirs once.
public final class Mailmap {
    private let pointer: OpaquePointer?

    init(_ repository: Repository) {
        var mailmap: OpaquePointer?
        // No mailmap, or an unreadable one, maps nothing: identities stay as committed.
        pointer = git_mailmap_from_repository(&mailmap, repository.pointer) == 0 ? mailmap : nil
    }

    deinit { git_mailmap_free(pointer) }

    /// The canonical name and address of an author.
    public func resolve(name: String, email: String) -> (name: String, email: String) {
        guard let pointer else { return (name, email) }
        // The results may point into the arguments: read them while those live.
        return name.withCString { cName in
            email.withCString { cEmail in
                var realName: UnsafePointer<CChar>?
                var realEmail: UnsafePointer<CChar>?
                guard git_mailmap_resolve(&realName, &realEmail, pointer, cName, cEmail) == 0, let realName, let realEmail else {
                    return (name, email)
                }
                return (String(cString: realName), String(cString: realEmail))
            }
        }
    }
}

extension Repository {
    public var mailmap: Mailmap { Mailmap(self) }
}
