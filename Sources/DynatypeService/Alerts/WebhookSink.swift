import CCurlPost
import DynatypeEngine
import DynatypeHistory
import DynatypeRules
import Foundation

/// POSTs alerts to an HTTP endpoint with a timeout. The secret header's
/// value is read when the sink is made and appears in no message: errors
/// name the webhook and the HTTP status only.
struct WebhookSink: AlertSink {
    let webhook: DaemonConfiguration.Webhook
    /// `AlertSettings.commitURL`.
    let commitURL: String?
    private let secret: String?
    var name: String { "webhook:\(webhook.name)" }

    init(webhook: DaemonConfiguration.Webhook, commitURL: String? = nil, environment: [String: String]) throws {
        self.commitURL = commitURL
        self.webhook = webhook
        switch webhook.secretSource {
        case .value(let value)?:
            secret = value
        case .environment(let variable)?:
            guard let value = environment[variable], !value.isEmpty else {
                throw DeliveryError(message: "webhook \(webhook.name): the environment variable \(variable) (its secret) is not set")
            }
            secret = value
        case .file(let path)?:
            // A relative name is looked up among systemd's credentials (LoadCredential=).
            let resolved = path.hasPrefix("/") ? path : (environment["CREDENTIALS_DIRECTORY"].map { $0 + "/" + path } ?? path)
            guard let value = try? String(contentsOfFile: resolved, encoding: .utf8) else {
                throw DeliveryError(message: "webhook \(webhook.name): cannot read its secret file \(resolved)")
            }
            secret = value.trimmingCharacters(in: .whitespacesAndNewlines)
        case nil:
            secret = nil
        }
        // A line break in the value would end the header and start another.
        if let secret, secret.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) {
            throw DeliveryError(message: "webhook \(webhook.name): its secret holds a control character (a line break?), which no header may carry")
        }
    }

    func deliver(_ delivery: PendingDelivery, document: AlertDocument, cancellation: DeliveryCancellation) throws {
        let link = commitURL.map { $0.replacingOccurrences(of: "{commit}", with: document.commit) }
        let body = try WebhookPayload.body(document, raw: delivery.payload, format: webhook.format, commitLink: link)
        var headers = [
            "Content-Type: application/json",
            "User-Agent: dynatype/\(DynatypeVersion.current)",
            // Receivers can drop a repeated delivery (a retry after a lost response).
            "Idempotency-Key: \(document.id)",
            // libcurl would otherwise wait for a `100 Continue` on larger bodies.
            "Expect:",
        ]
        if let header = webhook.secretHeader, let secret { headers.append("\(header): \(secret)") }
        let host = webhook.url.host ?? ""
        let result = HTTPPost.send(
            to: webhook.url.absoluteString, headers: headers, body: body, timeout: webhook.timeout, cancellation: cancellation
        )
        if cancellation.isCancelled, result.code != 0 {
            throw DeliveryError(message: "webhook \(webhook.name) (\(host)): abandoned because the daemon is stopping")
        }
        guard result.code == 0 else { throw DeliveryError(message: "webhook \(webhook.name) (\(host)): \(result.message)") }
        guard (200..<300).contains(result.status) else {
            throw DeliveryError(message: "webhook \(webhook.name) (\(host)): HTTP status \(result.status)")
        }
    }
}

/// One POST through libcurl (`CCurlPost`): only the status is read, so an
/// endless or huge response costs a few kilobytes; a stopping daemon
/// abandons the request within a moment.
enum HTTPPost {
    struct Result {
        let status: Int
        /// libcurl's result code: 0 when the status arrived.
        let code: Int32
        let message: String
    }

    /// Response headers past this end the request: no receiver needs more.
    static let maximumHeaderBytes = 16 * 1024

    static func send(to url: String, headers: [String], body: Data, timeout: Double, cancellation: DeliveryCancellation) -> Result {
        var outcome = dynatype_post_result()
        let context = Unmanaged.passUnretained(cancellation).toOpaque()
        let lines = headers.map { strdup($0) }
        defer { lines.forEach { free($0) } }
        lines.map { UnsafePointer($0) }.withUnsafeBufferPointer { headerPointers in
            body.withUnsafeBytes { bytes in
                dynatype_post(
                    url, headerPointers.baseAddress, headerPointers.count, bytes.baseAddress, bytes.count, timeout, maximumHeaderBytes,
                    { context in Unmanaged<DeliveryCancellation>.fromOpaque(context!).takeUnretainedValue().isCancelled ? 1 : 0 },
                    context, &outcome
                )
            }
        }
        let message = withUnsafeBytes(of: outcome.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return Result(status: outcome.status, code: outcome.code, message: message)
    }
}
