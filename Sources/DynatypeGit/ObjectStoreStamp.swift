import Foundation

/// What changes when a repository's objects may have gone: `git gc` and
/// repacks replace the packs, and pruning loose objects empties and removes
/// their folders. A ref move or a commit only adds objects (and folders),
/// which libgit2 finds by itself; losing objects needs the handle opened
/// again, as it keeps serving them from its caches and open packs.
public struct ObjectStoreStamp: Sendable {
    private let packs: [String]
    private let looseFolders: Set<String>

    public init(_ repository: Repository) {
        let objects = repository.commonDirectory.appendingPathComponent("objects")
        let files = FileManager.default
        packs = ((try? files.contentsOfDirectory(atPath: objects.appendingPathComponent("pack").path)) ?? []).sorted()
        looseFolders = Set(((try? files.contentsOfDirectory(atPath: objects.path)) ?? []).filter { $0.utf8.count == 2 })
    }

    public func mayHaveLostObjects(since earlier: Self) -> Bool {
        packs != earlier.packs || !earlier.looseFolders.isSubset(of: looseFolders)
    }
}
