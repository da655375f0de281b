import CPostgreSQL
import Foundation

/// A row of a PostgreSQL result (see `SQLRow`), whose values arrive as
/// text: a value that does not parse as the kind asked for is damage.
struct PostgreSQLRow: SQLRow {
    let result: PostgreSQLResult
    let row: Int32

    init(result: PostgreSQLResult, row: Int) {
        self.result = result
        self.row = Int32(row)
    }

    private func raw(_ column: String) throws -> (index: Int32, text: String)? {
        let index = try result.index(of: column)
        guard PQgetisnull(result.pointer, row, index) == 0 else { return nil }
        return (index, String(cString: PQgetvalue(result.pointer, row, index)))
    }

    func optionalText(_ column: String) throws -> String? { try raw(column)?.text }

    func int(_ column: String) throws -> Int {
        guard let text = try raw(column)?.text else { throw damaged(column, "is NULL") }
        guard let number = Int(text) else { throw damaged(column, "holds something other than an integer") }
        return number
    }

    func double(_ column: String) throws -> Double {
        guard let text = try raw(column)?.text else { throw damaged(column, "is NULL") }
        guard let number = Double(text) ?? Self.special[text] else { throw damaged(column, "holds something other than a number") }
        return number
    }

    private static let special = ["NaN": Double.nan, "Infinity": .infinity, "-Infinity": -.infinity]

    /// `bytea` arrives hex-escaped (`\x…`).
    func data(_ column: String) throws -> Data {
        guard let (index, _) = try raw(column) else { throw damaged(column, "is NULL") }
        var count = 0
        guard let bytes = PQunescapeBytea(PQgetvalue(result.pointer, row, index), &count) else {
            throw damaged(column, "holds bytes that cannot be decoded")
        }
        defer { PQfreemem(bytes) }
        return Data(bytes: bytes, count: count)
    }

    func damaged(_ column: String, _ problem: String) -> Error {
        PostgreSQLError(message: "column `\(column)` of a row \(problem)", state: PostgreSQLError.damagedState, connectionLost: false)
    }
}
