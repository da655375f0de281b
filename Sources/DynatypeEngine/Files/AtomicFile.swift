import Foundation

/// Replaces a file all at once: the contents go to `<file>.tmp` in the same
/// folder, which is then renamed over the file, so a reader (a metrics
/// collector, a web server) never sees half a file. A file that is a
/// symbolic link is written through it: the link's target is replaced (in
/// the target's folder), so the link keeps pointing at the new contents
/// instead of being replaced by a regular file beside the place it named.
public enum AtomicFile {
    public static func write(_ data: Data, to file: String) throws {
        let target = linkTarget(of: file) ?? file
        let url = URL(fileURLWithPath: target)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = target + ".tmp"
        try data.write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw AtomicFileError(message: "cannot rename \(temporary) to \(target): \(reason)")
        }
    }

    /// Where a symbolic link leads (followed to its end, relative links
    /// resolved against their folder); nil when `file` is no link.
    static func linkTarget(of file: String) -> String? {
        var path = file
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else {
                return path == file ? nil : path
            }
            path = destination.hasPrefix("/")
                ? destination
                : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(destination).standardizedFileURL.path
        }
        return path
    }
}

public struct AtomicFileError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}
