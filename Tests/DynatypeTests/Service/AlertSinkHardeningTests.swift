@testable import DynatypeEngine
@testable import DynatypeHistory
@testable import DynatypeService
import Foundation
import Testing

/// Sinks that cannot lose an alert to what is on the other side: a JSON
/// Lines file cut short by a full disk.
@Suite struct AlertSinkHardeningTests {
    static func delivery(_ id: String) throws -> (PendingDelivery, AlertDocument) {
        let document = DaemonUnitTests.document
        let payload = try AlertDocument.encoder.encode(document)
        let delivery = PendingDelivery(alertID: 1, key: id, kind: document.kind, sink: "jsonl", payload: payload, attempts: 0)
        return (delivery, document)
    }

    /// A line cut short (a full disk, a crash) holds the alert's id, but
    /// only a complete line counts as delivered: the fragment is removed and
    /// the alert written whole, and the next alert starts a line of its own.
    @Test func aFragmentLeftByAFullDiskIsNeitherADeliveryNorGluedToTheNextLine() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("alerts.jsonl")
        let (delivery, document) = try Self.delivery("regression:1")
        let line = String(decoding: delivery.payload, as: UTF8.self)
        try Data(("{\"id\":\"earlier\"}\n" + line.prefix(line.count / 2)).utf8).write(to: file)
        let sink = JSONLinesSink(file: file.path)
        try sink.deliver(delivery, document: document, cancellation: DeliveryCancellation())
        let lines = DaemonFaultTests.lines(file)
        #expect(lines == ["{\"id\":\"earlier\"}", line])
        // Delivered once: a retry finds the complete line.
        try sink.deliver(delivery, document: document, cancellation: DeliveryCancellation())
        #expect(DaemonFaultTests.lines(file).count == 2)
    }

    @Test func aFullDiskFailsTheDeliveryLeavingNoFragmentAndTheRetryWritesItWhole() throws {
        let folder = try TemporaryDirectory()
        guard let disk = SmallDisk(at: folder.url, megabytes: 1) else {
            print("skipped aFullDiskFailsTheDeliveryLeavingNoFragmentAndTheRetryWritesItWhole: cannot mount a tmpfs here (needs root or CAP_SYS_ADMIN)")
            return
        }
        defer { disk.unmount() }
        let file = folder.url.appendingPathComponent("alerts.jsonl")
        let (delivery, document) = try Self.delivery("regression:1")
        let sink = JSONLinesSink(file: file.path)
        try disk.fill()
        #expect(throws: DeliveryError.self) { try sink.deliver(delivery, document: document, cancellation: DeliveryCancellation()) }
        #expect(((try? Data(contentsOf: file)) ?? Data()).isEmpty)
        disk.free()
        try sink.deliver(delivery, document: document, cancellation: DeliveryCancellation())
        #expect(DaemonFaultTests.lines(file) == [String(decoding: delivery.payload, as: UTF8.self)])
    }
}
