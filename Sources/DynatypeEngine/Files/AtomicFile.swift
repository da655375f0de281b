import Foundation

/// Replaces a file all at once: the contents go to `<file>.tmp` in the same
/// folder, which is then renamed over the file, so a reader (a metrics
/// collector, a web server) never sees half a file.
public enum AtomicFile {
    public static func write(_ data: Data, to file: String) throws {
        let url = URL(fileURLWithPath: file)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = file + ".tmp"
        try data.write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, file) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw AtomicFileError(message: "cannot rename \(temporary) to \(file): \(reason)")
        }
    }
}

public struct AtomicFileError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}
