import DynatypeEngine
import DynatypeHistory
import Foundation

/// One JSON object per line, appended. A line is written whole or not at
/// all: a failed write (a full disk) is cut off again, and a fragment left
/// by a crash is removed before the next line. An alert whose id is on a
/// complete line of the file's tail is not written again: the daemon may
/// have been killed between writing the line and recording the delivery.
struct JSONLinesSink: AlertSink {
    let file: String
    var name: String { "jsonl" }

    /// How far back the duplicate check looks.
    private static let tailBytes = 1 << 20

    func deliver(_ delivery: PendingDelivery, document: AlertDocument, cancellation: DeliveryCancellation) throws {
        let url = URL(fileURLWithPath: file)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o640)
        guard descriptor >= 0 else { throw DeliveryError(message: "cannot open \(file): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let file = try FileTail(self.file, bytes: Self.tailBytes)
        if file.size > file.completeSize { ftruncate(descriptor, off_t(file.completeSize)) }
        if file.completeLines.range(of: Data("\"id\":\"\(document.id)\"".utf8)) != nil { return }
        let line = Data(delivery.payload.filter { $0 != UInt8(ascii: "\n") }) + Data("\n".utf8)
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count else {
            let reason = written < 0 ? String(cString: strerror(errno)) : "only \(written) of \(line.count) bytes written"
            ftruncate(descriptor, off_t(file.completeSize))
            throw DeliveryError(message: "cannot write to \(self.file): \(reason)")
        }
        fsync(descriptor)
    }
}

/// The end of a lines file: its complete lines (up to a number of bytes),
/// where they end, and where the file ends (past a fragment a crash or a
/// full disk left).
private struct FileTail {
    var completeLines = Data()
    var completeSize = 0
    var size = 0

    init(_ path: String, bytes: Int) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        size = Int(try handle.seekToEnd())
        let start = max(0, size - bytes)
        try handle.seek(toOffset: UInt64(start))
        let tail = try handle.readToEnd() ?? Data()
        guard let lastNewline = tail.lastIndex(of: UInt8(ascii: "\n")) else {
            // No line ends in the tail: a fragment from the file's start, or one line longer than the tail.
            completeSize = start == 0 ? 0 : size
            return
        }
        let kept = tail.startIndex.distance(to: lastNewline) + 1
        completeLines = tail.prefix(kept)
        completeSize = start + kept
    }
}
