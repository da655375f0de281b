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
        // A line break in the value would end the header and start another.
        if let secret, secret.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) {
            throw DeliveryError(message: "webhook \(webhook.name): its secret holds a control character (a line break?), which no header may carry")
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

        // Only the status matters: the body is never read, so an endless one costs nothing.
        let status = ResponseStatus()
        let session = URLSession(configuration: .ephemeral, delegate: status, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: request)
        task.resume()
        let done = status.done
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
        switch status.outcome {
        case .success(let status) where (200..<300).contains(status):
            return
        case .success(let status):
            throw DeliveryError(message: "webhook \(webhook.name) (\(webhook.url.host ?? "")): HTTP status \(status)")
        case .failure(let error):
            throw DeliveryError(message: "webhook \(webhook.name) (\(webhook.url.host ?? "")): \((error as NSError).localizedDescription)")
        }
    }
}

/// Hears a webhook's response status and stops there: the task is
/// cancelled before any of the body is read.
private final class ResponseStatus: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var result: Result<Int, Error>?

    var outcome: Result<Int, Error> {
        lock.withLock { result ?? .failure(DeliveryError(message: "no response")) }
    }

    private func finish(_ outcome: Result<Int, Error>) {
        let first = lock.withLock {
            guard result == nil else { return false }
            result = outcome
            return true
        }
        if first { done.signal() }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        finish(.success((response as? HTTPURLResponse)?.statusCode ?? 0))
        completionHandler(.cancel)
        dataTask.cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        dataTask.cancel()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        finish(error.map { .failure($0) } ?? .success((task.response as? HTTPURLResponse)?.statusCode ?? 0))
    }
}
