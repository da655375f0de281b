import DynatypeGit
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads a file to audit without trusting it: its type and size come from
/// `stat` before anything is read, so a 2 GB generated file costs nothing
/// and a FIFO or a device is named for what it is instead of blocking the
/// audit or reading forever.
enum SourceReader {
    enum Contents {
        case bytes(Data)
        /// The file is larger than the limit (its size when it was looked at).
        case tooLarge(size: Int)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func read(_ url: URL, limit: Int) throws -> Contents {
        var info = stat()
        guard GitPath.withFileSystemPath(url.path, { stat($0, &info) }) == 0 else {
            throw Failure(description: "cannot read: \(String(cString: strerror(errno)))")
        }
        if let kind = unsupportedKind(info.st_mode) { throw Failure(description: "not a regular file: \(kind)") }
        if Int(info.st_size) > limit { return .tooLarge(size: Int(info.st_size)) }
        // O_NONBLOCK: if the path became a FIFO since `stat`, opening it must not wait for a writer.
        let descriptor = GitPath.withFileSystemPath(url.path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { throw Failure(description: "cannot read: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0, unsupportedKind(info.st_mode) == nil else {
            throw Failure(description: "not a regular file: it changed while it was being read")
        }
        return try readAll(descriptor, limit: limit)
    }

    /// Reads until end of file, but never more than one byte past the limit
    /// (a file that grows while it is read is still declined, not loaded).
    private static func readAll(_ descriptor: Int32, limit: Int) throws -> Contents {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count <= limit {
            let wanted = min(chunk.count, limit + 1 - data.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return .bytes(data) }
            data.append(contentsOf: chunk[0..<count])
        }
        return .tooLarge(size: data.count)
    }

    private static func unsupportedKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a directory"
        default: return "an unsupported kind of file"
        }
    }
}
