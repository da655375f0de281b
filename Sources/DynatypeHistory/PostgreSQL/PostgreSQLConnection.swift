import CPostgreSQL
import Foundation

/// One libpq connection. Not shared between threads. Statements are
/// prepared once per connection; parameters go as text (bytes as binary)
/// and results come back as text, read by `PostgreSQLRow`.
///
/// A lost connection (server restart, network) is re-established with
/// backoff for up to `reconnectTimeout` seconds: a statement outside a
/// transaction is simply run again, a transaction is run again from its
/// start (the server rolled it back), so nothing is lost and, as long as a
/// transaction's body is safe to repeat, nothing is doubled.
public final class PostgreSQLConnection: SQLConnection {
    public let address: PostgreSQLAddress
    private let handle: OpaquePointer
    private var preparedNames: [String: String] = [:]
    private var inTransaction = false
    let reconnectTimeout: Double
    /// Runs on the new connection before anything is retried on it: a
    /// session's state (an advisory lock) died with the old one.
    var afterReconnect: ((PostgreSQLConnection) throws -> Void)?

    public var dialect: SQLDialect { .postgresql }

    public init(_ address: PostgreSQLAddress, reconnectTimeout: Double = 60) throws {
        self.address = address
        self.reconnectTimeout = reconnectTimeout
        var parameters: [(String, String)] = [("dbname", address.url), ("application_name", Self.applicationName), ("connect_timeout", "10")]
        if let password = try address.password() { parameters.append(("password", password)) }
        let keywords = parameters.map { strdup($0.0) }
        let values = parameters.map { strdup($0.1) }
        defer { (keywords + values).forEach { free($0) } }
        let connection = (keywords + [nil]).map { UnsafePointer($0) }.withUnsafeBufferPointer { keywordPointers in
            (values + [nil]).map { UnsafePointer($0) }.withUnsafeBufferPointer { valuePointers in
                PQconnectdbParams(keywordPointers.baseAddress, valuePointers.baseAddress, 1)
            }
        }
        guard let connection else { throw PostgreSQLError(message: "cannot connect to \(address): out of memory", state: nil, connectionLost: true) }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection)).trimmingCharacters(in: .whitespacesAndNewlines)
            PQfinish(connection)
            throw PostgreSQLError(message: "cannot connect to \(address): \(message)", state: nil, connectionLost: true)
        }
        handle = connection
        // Notices (CREATE TABLE IF NOT EXISTS …) are not the user's business.
        try execute("SET client_min_messages = warning")
    }

    deinit { PQfinish(handle) }

    /// How `pg_stat_activity` (and so a refused second daemon) names this process.
    static let applicationName: String = {
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, host.count)
        let name = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String("dynatype pid \(getpid()) on \(name)".prefix(63))
    }()

    /// The server's process serving this connection.
    var backendPID: Int32 { PQbackendPID(handle) }

    // MARK: SQLConnection

    public func execute(_ sql: String) throws {
        try reconnectingWhenLost { _ = try PostgreSQLResult(PQexec(handle, sql), on: self) }
    }

    public func run(_ sql: String, _ values: [SQLValue]) throws {
        try reconnectingWhenLost { _ = try executePrepared(sql, values) }
    }

    public func query<T>(_ sql: String, _ values: [SQLValue], _ row: (any SQLRow) throws -> T) throws -> [T] {
        let result = try reconnectingWhenLost { try executePrepared(sql, values) }
        return try (0..<result.rowCount).map { try row(PostgreSQLRow(result: result, row: $0)) }
    }

    public func transaction<T>(_ body: () throws -> T) throws -> T {
        precondition(!inTransaction, "transactions do not nest")
        let deadline = Date().addingTimeInterval(reconnectTimeout)
        while true {
            do {
                try execute("BEGIN")
                inTransaction = true
                defer { inTransaction = false }
                do {
                    let value = try body()
                    try command("COMMIT")
                    return value
                } catch let error as PostgreSQLError where error.connectionLost {
                    throw error
                } catch {
                    try? command("ROLLBACK")
                    throw error
                }
            } catch let error as PostgreSQLError where error.connectionLost {
                try reconnect(before: deadline, after: error)
            } catch let error as PostgreSQLError where error.isRetryableConflict && Date() < deadline {
                continue
            }
        }
    }

    // MARK: Execution

    private func command(_ sql: String) throws {
        _ = try PostgreSQLResult(PQexec(handle, sql), on: self)
    }

    /// Runs `body`, and outside a transaction runs it again on a new
    /// connection when the old one was lost. Inside one, the loss goes up to
    /// `transaction`, which starts it over.
    private func reconnectingWhenLost<T>(_ body: () throws -> T) throws -> T {
        let deadline = Date().addingTimeInterval(reconnectTimeout)
        while true {
            do {
                return try body()
            } catch let error as PostgreSQLError where error.connectionLost && !inTransaction {
                try reconnect(before: deadline, after: error)
            }
        }
    }

    private func reconnect(before deadline: Date, after loss: PostgreSQLError) throws {
        preparedNames.removeAll()
        var delay = 0.05
        while true {
            PQreset(handle)
            if PQstatus(handle) == CONNECTION_OK {
                try execute("SET client_min_messages = warning")
                try afterReconnect?(self)
                return
            }
            guard Date().addingTimeInterval(delay) < deadline else {
                throw PostgreSQLError(
                    message: "lost the connection to \(address) (\(loss.message)) and could not reconnect within \(Int(reconnectTimeout)) s: \(lastError)",
                    state: loss.state, connectionLost: true
                )
            }
            Thread.sleep(forTimeInterval: delay)
            delay = min(delay * 2, 2)
        }
    }

    var lastError: String { String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines) }

    var isConnected: Bool { PQstatus(handle) == CONNECTION_OK }

    private func executePrepared(_ sql: String, _ values: [SQLValue]) throws -> PostgreSQLResult {
        let name = try prepared(sql, parameters: values.count)
        let parameters = PostgreSQLParameters(values)
        defer { parameters.free() }
        return try PostgreSQLResult(
            PQexecPrepared(handle, name, Int32(values.count), parameters.values, parameters.lengths, parameters.formats, 0), on: self
        )
    }

    /// The name of `sql` prepared on this connection (written with `?`, sent with `$n`).
    private func prepared(_ sql: String, parameters: Int) throws -> String {
        if let name = preparedNames[sql] { return name }
        let name = "s\(preparedNames.count)"
        _ = try PostgreSQLResult(PQprepare(handle, name, Self.numberedParameters(sql), Int32(parameters), nil), on: self)
        preparedNames[sql] = name
        return name
    }

    /// `?` → `$1`, `$2`… outside string literals.
    static func numberedParameters(_ sql: String) -> String {
        var output = ""
        var number = 0
        var inLiteral = false
        for character in sql {
            if character == "'" { inLiteral.toggle() }
            if character == "?", !inLiteral {
                number += 1
                output += "$\(number)"
            } else {
                output.append(character)
            }
        }
        return output
    }
}

/// A query's result, freed with this object.
final class PostgreSQLResult {
    let pointer: OpaquePointer
    private var columns: [String: Int32] = [:]

    init(_ pointer: OpaquePointer?, on connection: PostgreSQLConnection) throws {
        let status = pointer.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard let pointer, status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let state = pointer.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }.map { String(cString: $0) }
            var message = pointer.map { String(cString: PQresultErrorMessage($0)) } ?? ""
            if message.isEmpty { message = connection.lastError }
            PQclear(pointer)
            throw PostgreSQLError(
                message: message.trimmingCharacters(in: .whitespacesAndNewlines), state: state,
                connectionLost: !connection.isConnected || PostgreSQLError.meansConnectionLost(state)
            )
        }
        self.pointer = pointer
        for index in 0..<PQnfields(pointer) { columns[String(cString: PQfname(pointer, index))] = index }
    }

    deinit { PQclear(pointer) }

    var rowCount: Int { Int(PQntuples(pointer)) }

    func index(of column: String) throws -> Int32 {
        guard let index = columns[column] else {
            throw PostgreSQLError(message: "the query has no column named `\(column)`", state: nil, connectionLost: false)
        }
        return index
    }
}

/// Parameter values as libpq takes them: C strings, bytes in binary format.
private struct PostgreSQLParameters {
    let values: [UnsafePointer<CChar>?]
    let lengths: [Int32]
    let formats: [Int32]
    private let owned: [UnsafeMutableRawPointer?]

    init(_ parameters: [SQLValue]) {
        var owned: [UnsafeMutableRawPointer?] = []
        var lengths: [Int32] = [], formats: [Int32] = []
        for value in parameters {
            switch value {
            case .blob(let data):
                let bytes = malloc(max(data.count, 1))
                data.withUnsafeBytes { if let base = $0.baseAddress { bytes?.copyMemory(from: base, byteCount: data.count) } }
                owned.append(bytes)
                lengths.append(Int32(data.count))
                formats.append(1)
            case .null:
                owned.append(nil)
                lengths.append(0)
                formats.append(0)
            case .text(let text): owned.append(UnsafeMutableRawPointer(strdup(text))); lengths.append(0); formats.append(0)
            case .integer(let number): owned.append(UnsafeMutableRawPointer(strdup(String(number)))); lengths.append(0); formats.append(0)
            case .real(let number): owned.append(UnsafeMutableRawPointer(strdup(Self.text(number)))); lengths.append(0); formats.append(0)
            }
        }
        self.owned = owned
        self.lengths = lengths
        self.formats = formats
        values = owned.map { $0.map { UnsafePointer($0.assumingMemoryBound(to: CChar.self)) } }
    }

    /// PostgreSQL's spelling of the values Swift prints otherwise.
    private static func text(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number > 0 ? "Infinity" : "-Infinity" }
        return String(number)
    }

    func free() { owned.forEach { Foundation.free($0) } }
}
