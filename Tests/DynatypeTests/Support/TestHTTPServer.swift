import Foundation

/// A minimal HTTP/1.1 server on 127.0.0.1 for webhook tests: answers each
/// request with the next scripted status (the last one repeats) and keeps
/// what it received. A status of `hang` never answers, `reset` closes the
/// connection with a TCP reset instead of answering, `endless` answers 200
/// with a body that goes on for as long as the client reads (up to 10 s).
final class TestHTTPServer: @unchecked Sendable {
    struct Request {
        let headers: [String: String]
        let body: Data
        let status: Int
    }

    static let hang = -1
    static let reset = -2
    static let endless = -3

    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var statuses: [Int]
    private var received: [Request] = []
    private var endlessBytes = 0
    /// How long each answer is delayed (a slow receiver).
    private let delay: Double

    init(statuses: [Int], delay: Double = 0) throws {
        self.statuses = statuses
        self.delay = delay
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(listener, 16) == 0 else { throw FixtureError(message: "cannot listen: \(String(cString: strerror(errno)))") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// How much of the endless bodies the clients took.
    var endlessBytesSent: Int {
        lock.lock()
        defer { lock.unlock() }
        return endlessBytes
    }

    var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Each connection on a thread of its own: a hanging answer must not keep the next request waiting.
    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            Thread { [self] in
                handle(connection)
                close(connection)
            }.start()
        }
    }

    private func handle(_ connection: Int32) {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var headerEnd: Range<Data.Index>?
        var expected = Int.max
        while data.count < expected {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
            if headerEnd == nil, let end = data.range(of: Data("\r\n\r\n".utf8)) {
                headerEnd = end
                let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
                let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                expected = end.upperBound + length
            }
        }
        guard let headerEnd else { return }
        var headers: [String: String] = [:]
        for line in String(decoding: data[..<headerEnd.lowerBound], as: UTF8.self).split(separator: "\r\n").dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        lock.lock()
        let status = statuses.count > 1 ? statuses.removeFirst() : statuses[0]
        received.append(Request(headers: headers, body: Data(data[headerEnd.upperBound...]), status: status))
        lock.unlock()
        if delay > 0 { usleep(UInt32(delay * 1_000_000)) }
        switch status {
        case Self.hang:
            // Until the client gives up.
            while read(connection, &buffer, buffer.count) > 0 {}
            return
        case Self.reset:
            var linger = Foundation.linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Foundation.linger>.size))
            return
        case Self.endless:
            sendEndlessBody(on: connection)
            return
        default:
            break
        }
        let response = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Error")\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        // The client may be gone (a daemon killed with -9): no SIGPIPE for the test process.
        _ = response.withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    private func sendEndlessBody(on connection: Int32) {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nConnection: close\r\n\r\n"
        _ = head.withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        let chunk = [UInt8](repeating: 0x61, count: 65_536)
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let sent = send(connection, chunk, chunk.count, Int32(MSG_NOSIGNAL))
            guard sent > 0 else { return }
            lock.lock()
            endlessBytes += sent
            lock.unlock()
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
