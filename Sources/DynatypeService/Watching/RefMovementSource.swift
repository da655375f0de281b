import Foundation

/// What a watch of a git directory reports: the refs may have moved, or the
/// watch lost events and every ref must be compared.
struct RefMovements {
    var refsMayHaveMoved = false
    /// The kernel dropped events: resynchronise everything.
    var overflowed = false
}

/// What tells the daemon that a repository's refs may have moved: a
/// descriptor its main loop polls with the signal relay's and the outboxes',
/// readable when something happened, and the events behind it. Linux's is
/// inotify (`RefWatcher`); another platform's (kqueue on macOS) needs only
/// a descriptor of its own and `drain`. The history stays the source of
/// truth: a source only says when to look.
protocol RefMovementSource: AnyObject {
    var descriptor: Int32 { get }
    /// Why the source cannot see everything (the refs are then polled fast), if so.
    var degraded: String? { get }
    /// Reads every pending event without blocking.
    func drain() -> RefMovements
}

enum RefMovementSources {
    /// The platform's source for a git directory (and, for a linked work
    /// tree, its common directory, which holds `refs/` and `packed-refs`).
    static func watching(gitDirectory: URL, commonDirectory: URL) throws -> any RefMovementSource {
        try RefWatcher(gitDirectory: gitDirectory, commonDirectory: commonDirectory)
    }
}
