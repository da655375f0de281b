import Foundation

/// Watches a git directory for ref movements with inotify. git replaces ref
/// files by renaming `<ref>.lock` over them, so directories are watched, not
/// files: `refs/` recursively (watches added as subdirectories appear), and
/// the git directories themselves for `HEAD` and `packed-refs` (which `git
/// gc` rewrites while deleting loose refs). Events only say "something may
/// have changed"; the caller compares the refs with the store.
final class RefWatcher: RefMovementSource {
    let descriptor: Int32
    private let topLevel: [String]
    private let refsRoot: String
    private var directories: [Int32: String] = [:]
    /// Why the watcher cannot see everything (the watch limit), if so.
    private(set) var degraded: String?

    /// `gitDirectories`: the repository's git directory and, for a linked
    /// work tree, its common directory (which holds `refs/` and `packed-refs`).
    init(gitDirectory: URL, commonDirectory: URL) throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw WatchError(message: "inotify_init1 failed: \(String(cString: strerror(errno)))") }
        topLevel = Array(Set([gitDirectory.standardizedFileURL.path, commonDirectory.standardizedFileURL.path]))
        refsRoot = commonDirectory.appendingPathComponent("refs").standardizedFileURL.path
        for directory in topLevel { add(directory, recursive: false) }
        add(refsRoot, recursive: true)
    }

    deinit { close(descriptor) }

    private static let directoryMask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_ONLYDIR)

    private func add(_ directory: String, recursive: Bool) {
        let watch = inotify_add_watch(descriptor, directory, Self.directoryMask)
        if watch < 0 {
            if errno == ENOSPC {
                degraded = "the inotify watch limit is reached (sysctl fs.inotify.max_user_watches); refs are also polled"
            }
            return
        }
        directories[watch] = directory
        guard recursive, let children = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for child in children {
            let path = directory + "/" + child
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { add(path, recursive: true) }
        }
    }

    /// Reads every pending event (the descriptor is non-blocking).
    func drain() -> RefMovements {
        var events = RefMovements()
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, size)
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
                let name = event.len > 0 ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : ""
                handle(event, name: name, into: &events)
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
        return events
    }

    private func handle(_ event: inotify_event, name: String, into events: inout RefMovements) {
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
            events.overflowed = true
            events.refsMayHaveMoved = true
            rescan()
            return
        }
        if event.mask & UInt32(IN_IGNORED) != 0 {
            directories[event.wd] = nil
            return
        }
        guard let directory = directories[event.wd] else { return }
        if topLevel.contains(directory), !directory.hasPrefix(refsRoot) {
            // In the git directory itself only HEAD and packed-refs matter
            // (not the index, FETCH_HEAD or lock files).
            if name == "HEAD" || name == "packed-refs" { events.refsMayHaveMoved = true }
            return
        }
        events.refsMayHaveMoved = true
        if event.mask & UInt32(IN_ISDIR) != 0, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
            // Refs may have been written in it before the watch existed: the
            // caller compares every ref anyway.
            add(directory + "/" + name, recursive: true)
        }
    }

    /// After an overflow: watch any directory under refs/ that appeared unseen.
    private func rescan() {
        let known = Set(directories.values)
        func walk(_ directory: String) {
            if !known.contains(directory) { add(directory, recursive: false) }
            for child in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
                var isDirectory: ObjCBool = false
                let path = directory + "/" + child
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { walk(path) }
            }
        }
        walk(refsRoot)
    }
}

struct WatchError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
