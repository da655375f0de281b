import CSQLite
import Foundation

/// An SQLite failure with SQLite's own message.
public struct SQLiteError: SQLDamage, CustomStringConvertible, Sendable {
    public let code: Int32
    public let message: String
    public var description: String { message }

    /// SQLITE_NOTADB: the file is not a database (or is encrypted, or corrupt).
    public var isNotADatabase: Bool { code & 0xFF == SQLITE_NOTADB }
    public var isCorrupt: Bool { code & 0xFF == SQLITE_CORRUPT }
    public var isIOError: Bool { code & 0xFF == SQLITE_IOERR }
    public var isBusy: Bool { code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED }
}

/// One SQLite connection. Not shared between threads.
public final class SQLiteDatabase: SQLConnection {
    let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    /// `SQLITE_TRANSIENT`: SQLite copies bound text and blobs.
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    public init(path: String, readOnly: Bool = false) throws {
        var handle: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let result = sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard result == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "error \(result)"
            sqlite3_close_v2(handle)
            throw SQLiteError(code: result, message: "cannot open \(path): \(message)")
        }
        self.handle = handle
        sqlite3_busy_timeout(handle, 5_000)
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    func error(_ code: Int32, _ context: String) -> SQLiteError {
        SQLiteError(code: code, message: "\(context): \(String(cString: sqlite3_errmsg(handle)))")
    }

    public var dialect: SQLDialect { .sqlite }

    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard result == SQLITE_OK else {
            throw SQLiteError(code: result, message: message.map { String(cString: $0) } ?? "error \(result)")
        }
    }

    /// A prepared statement, cached per SQL text.
    public func statement(_ sql: String) throws -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        let statement = try SQLiteStatement(database: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Runs a statement that returns no rows.
    public func run(_ sql: String, _ values: [SQLValue]) throws {
        let statement = try self.statement(sql)
        try statement.bind(values)
        while try statement.step() {}
    }

    /// Rows of a query, mapped.
    public func query<T>(_ sql: String, _ values: [SQLValue] = [], _ row: (any SQLRow) throws -> T) throws -> [T] {
        let statement = try self.statement(sql)
        try statement.bind(values)
        var rows: [T] = []
        while try statement.step() { rows.append(try row(SQLiteRow(statement: statement))) }
        return rows
    }

    /// All of `body` or nothing: `BEGIN IMMEDIATE` … `COMMIT`, rolled back on error.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    public var changes: Int { Int(sqlite3_changes(handle)) }
}

public final class SQLiteStatement {
    private let pointer: OpaquePointer
    private unowned let database: SQLiteDatabase
    /// Result columns by name, for `SQLiteRow`.
    private let columns: [String: Int32]

    init(database: SQLiteDatabase, sql: String) throws {
        var pointer: OpaquePointer?
        let result = sqlite3_prepare_v2(database.handle, sql, -1, &pointer, nil)
        guard result == SQLITE_OK, let pointer else { throw database.error(result, "cannot prepare query") }
        self.pointer = pointer
        self.database = database
        var columns: [String: Int32] = [:]
        for index in 0..<sqlite3_column_count(pointer) {
            if let name = sqlite3_column_name(pointer, index) { columns[String(cString: name)] = index }
        }
        self.columns = columns
    }

    deinit { sqlite3_finalize(pointer) }

    func reset() {
        sqlite3_reset(pointer)
        sqlite3_clear_bindings(pointer)
    }

    public func bind(_ values: [SQLValue]) throws {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let result: Int32
            switch value {
            case .integer(let number): result = sqlite3_bind_int64(pointer, index, number)
            case .real(let number): result = sqlite3_bind_double(pointer, index, number)
            case .text(let text): result = sqlite3_bind_text(pointer, index, text, -1, SQLiteDatabase.transient)
            case .blob(let data):
                result = data.withUnsafeBytes { sqlite3_bind_blob(pointer, index, $0.baseAddress, Int32($0.count), SQLiteDatabase.transient) }
            case .null: result = sqlite3_bind_null(pointer, index)
            }
            guard result == SQLITE_OK else { throw database.error(result, "cannot bind a value") }
        }
    }

    /// Advances to the next row; false when done.
    public func step() throws -> Bool {
        let result = sqlite3_step(pointer)
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(result, "query failed")
        }
    }

    func index(of column: String) throws -> Int32 {
        guard let index = columns[column] else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "the query has no column named `\(column)`")
        }
        return index
    }

    func type(at index: Int32) -> Int32 { sqlite3_column_type(pointer, index) }
    func int(at index: Int32) -> Int { Int(sqlite3_column_int64(pointer, index)) }
    func double(at index: Int32) -> Double { sqlite3_column_double(pointer, index) }
    func text(at index: Int32) -> String? { sqlite3_column_text(pointer, index).map { String(cString: $0) } }

    func data(at index: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(pointer, index))
        guard count > 0, let bytes = sqlite3_column_blob(pointer, index) else { return Data() }
        return Data(bytes: bytes, count: count)
    }
}
