import DynatypeEngine
import DynatypeHistory
import Foundation

/// Alerts as journal lines: a regression at warning priority, a resolution
/// at notice, in `key=value` form so `journalctl` output can be grepped.
struct JournalSink: AlertSink {
    var name: String { "journal" }

    func deliver(_ delivery: PendingDelivery, document: AlertDocument, cancellation: DeliveryCancellation) throws {
        let fields: [(String, String)] = [
            ("kind", document.kind.rawValue), ("repository", document.repository), ("ref", document.ref), ("commit", document.commit),
            ("author", document.author.name), ("introduced", "\(document.introduced.count)"), ("fixed", "\(document.fixed.count)"),
            ("ratio_before", String(format: "%.4f", document.ratioBefore)), ("ratio_after", String(format: "%.4f", document.ratioAfter)),
            ("message", document.headline),
        ]
        let line = "alert " + fields.map { "\($0.0)=\(Self.quote($0.1))" }.joined(separator: " ")
        Journal.log(document.kind == .resolved ? .notice : .warning, line)
    }

    private static func quote(_ value: String) -> String {
        guard value.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" }) || value.isEmpty else { return value }
        return "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
