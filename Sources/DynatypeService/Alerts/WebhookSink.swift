import DynatypeEngine
import DynatypeHistory
import DynatypeRules
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// POSTs alerts to an HTTP endpoint with a timeout. The secret header's
/// value is read when the sink is made and appears in no message: errors
/// name the webhook and the HTTP status only.
struct WebhookSink: AlertSink {
    let webhook: DaemonConfiguration.Webhook
    private let secret: String?
    var name: String { "webhook:\(webhook.name)" }

    init(webhook: DaemonConfiguration.Webhook, environment: [String: String]) throws {
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
    }

    func deliver(_ delivery: PendingDelivery, document: AlertDocument, cancellation: DeliveryCancellation) throws {
        var request = URLRequest(url: webhook.url, timeoutInterval: webhook.timeout)
        request.httpMethod = "POST"
        request.httpBody = try WebhookPayload.body(document, raw: delivery.payload, format: webhook.format)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("dynatype/\(DynatypeVersion.current)", forHTTPHeaderField: "User-Agent")
        // Receivers can drop a repeated delivery (a retry after a lost response).
        request.setValue(document.id, forHTTPHeaderField: "Idempotency-Key")
        if let header = webhook.secretHeader, let secret { request.setValue(secret, forHTTPHeaderField: header) }

        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<Int, Error> = .failure(DeliveryError(message: "no response"))
        let task = URLSession.shared.dataTask(with: request) { _, response, error in
            if let error {
                outcome = .failure(error)
            } else {
                outcome = .success((response as? HTTPURLResponse)?.statusCode ?? 0)
            }
            done.signal()
        }
        task.resume()
        // Waited for in slices, so that a stopping daemon need not wait out the timeout.
        let deadline = Date().addingTimeInterval(webhook.timeout + 5)
        while done.wait(timeout: .now() + 0.1) == .timedOut {
            if cancellation.isCancelled {
                task.cancel()
                throw DeliveryError(message: "webhook \(webhook.name) (\(webhook.url.host ?? "")): abandoned because the daemon is stopping")
            }
            if Date() >= deadline {
                task.cancel()
                throw DeliveryError(message: "webhook \(webhook.name) (\(webhook.url.host ?? "")): no response within \(webhook.timeout) s")
            }
        }
        switch outcome {
        case .success(let status) where (200..<300).contains(status):
            return
        case .success(let status):
            throw DeliveryError(message: "webhook \(webhook.name) (\(webhook.url.host ?? "")): HTTP status \(status)")
        case .failure(let error):
            throw DeliveryError(message: "webhook \(webhook.name) (\(webhook.url.host ?? "")): \((error as NSError).localizedDescription)")
        }
    }
}
