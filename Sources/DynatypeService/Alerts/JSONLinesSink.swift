import DynatypeEngine
import DynatypeHistory
import Foundation

/// One JSON object per line, appended. An alert whose id is already in the
/// file's tail is not written again: the daemon may have been killed between
/// writing the line and recording the delivery.
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
        if try alreadyWritten(document.id) { return }
        let line = Data(delivery.payload.filter { $0 != UInt8(ascii: "\n") }) + Data("\n".utf8)
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count else { throw DeliveryError(message: "cannot write to \(file): \(String(cString: strerror(errno)))") }
        fsync(descriptor)
    }

    private func alreadyWritten(_ id: String) throws -> Bool {
        guard let handle = FileHandle(forReadingAtPath: file) else { return false }
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size > UInt64(Self.tailBytes) ? size - UInt64(Self.tailBytes) : 0)
        let tail = try handle.readToEnd() ?? Data()
        let needle = Data("\"id\":\"\(id)\"".utf8)
        return tail.range(of: needle) != nil
    }
}
