import CSQLite
import Foundation

/// The current row of a query, read by column name (the query's names or
/// `AS` aliases), so a reordered SELECT cannot shift values between fields.
/// A NULL in a column read as required, or a value of another kind, means the
/// database is damaged: an error, never a default.
public struct SQLiteRow {
    let statement: SQLiteStatement

    public func text(_ column: String) throws -> String {
        guard let text = try optionalText(column) else { throw damaged(column, "is NULL") }
        return text
    }

    public func optionalText(_ column: String) throws -> String? {
        let index = try statement.index(of: column)
        guard statement.type(at: index) != SQLITE_NULL else { return nil }
        return statement.text(at: index)
    }

    public func int(_ column: String) throws -> Int {
        let index = try statement.index(of: column)
        switch statement.type(at: index) {
        case SQLITE_INTEGER: return statement.int(at: index)
        case SQLITE_NULL: throw damaged(column, "is NULL")
        default: throw damaged(column, "holds something other than an integer")
        }
    }

    public func double(_ column: String) throws -> Double {
        let index = try statement.index(of: column)
        switch statement.type(at: index) {
        case SQLITE_INTEGER, SQLITE_FLOAT: return statement.double(at: index)
        case SQLITE_NULL: throw damaged(column, "is NULL")
        default: throw damaged(column, "holds something other than a number")
        }
    }

    /// Bytes of a BLOB (or TEXT) column; an empty blob is no bytes, NULL an error.
    public func data(_ column: String) throws -> Data {
        let index = try statement.index(of: column)
        guard statement.type(at: index) != SQLITE_NULL else { throw damaged(column, "is NULL") }
        return statement.data(at: index)
    }

    /// A text column holding one of the raw values of `T`.
    public func value<T: RawRepresentable>(_ column: String, as type: T.Type = T.self) throws -> T where T.RawValue == String {
        let text = try self.text(column)
        guard let value = T(rawValue: text) else { throw damaged(column, "holds \"\(text)\", not a known \(T.self)") }
        return value
    }

    /// A text column holding JSON of `T`.
    public func json<T: Decodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(text(column).utf8))
        } catch let error as SQLiteError {
            throw error
        } catch {
            throw damaged(column, "does not hold valid JSON of \(T.self)")
        }
    }

    private func damaged(_ column: String, _ problem: String) -> SQLiteError {
        SQLiteError(code: SQLITE_CORRUPT, message: "column `\(column)` of a row \(problem)")
    }
}
