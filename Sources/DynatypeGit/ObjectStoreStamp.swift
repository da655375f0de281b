import Foundation

/// What changes when a repository's objects may have gone: `git gc` and
/// repacks replace the packs, and pruning loose objects removes their
/// folders. A ref move or a commit adds objects, which libgit2 finds by
/// itself; only losing objects needs the handle opened again (it keeps
/// serving them from its caches and open packs).
public struct ObjectStoreStamp: Equatable, Sendable {
    private let packs: [String]
    private let objectsModified: timespec?

    public init(_ repository: Repository) {
        let objects = repository.commonDirectory.appendingPathComponent("objects")
        packs = ((try? FileManager.default.contentsOfDirectory(atPath: objects.appendingPathComponent("pack").path)) ?? []).sorted()
        var status = stat()
        objectsModified = stat(objects.path, &status) == 0 ? status.st_mtim : nil
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.packs == b.packs && a.objectsModified?.tv_sec == b.objectsModified?.tv_sec && a.objectsModified?.tv_nsec == b.objectsModified?.tv_nsec
    }
}
