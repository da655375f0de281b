import CSQLite
import Foundation

/// A row of an SQLite query (see `SQLRow`). SQLite types values, not
/// columns, so each read checks the value's own type.
public struct SQLiteRow: SQLRow {
    let statement: SQLiteStatement

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

    public func data(_ column: String) throws -> Data {
        let index = try statement.index(of: column)
        guard statement.type(at: index) != SQLITE_NULL else { throw damaged(column, "is NULL") }
        return statement.data(at: index)
    }

    public func damaged(_ column: String, _ problem: String) -> Error {
        SQLiteError(code: SQLITE_CORRUPT, message: "column `\(column)` of a row \(problem)")
    }
}
