import Foundation

/// The current row of a query, read by column name (the query's names or
/// `AS` aliases), so a reordered SELECT cannot shift values between fields.
/// A NULL in a column read as required, or a value of another kind, means the
/// database is damaged: an error, never a default.
public protocol SQLRow {
    func optionalText(_ column: String) throws -> String?
    func int(_ column: String) throws -> Int
    func double(_ column: String) throws -> Double
    /// Bytes of a binary (or text) column; an empty value is no bytes, NULL an error.
    func data(_ column: String) throws -> Data
    /// The engine's error for a damaged value in `column`.
    func damaged(_ column: String, _ problem: String) -> Error
}

extension SQLRow {
    public func text(_ column: String) throws -> String {
        guard let text = try optionalText(column) else { throw damaged(column, "is NULL") }
        return text
    }

    /// A text column holding one of the raw values of `T`.
    public func value<T: RawRepresentable>(_ column: String, as type: T.Type = T.self) throws -> T where T.RawValue == String {
        let text = try self.text(column)
        guard let value = T(rawValue: text) else { throw damaged(column, "holds \"\(text)\", not a known \(T.self)") }
        return value
    }

    /// A text column holding JSON of `T`.
    public func json<T: Decodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        let text = try self.text(column)
        do {
            return try JSONDecoder().decode(T.self, from: Data(text.utf8))
        } catch {
            throw damaged(column, "does not hold valid JSON of \(T.self)")
        }
    }

    /// Whole seconds since 1970.
    func date(_ column: String) throws -> Date { Date(timeIntervalSince1970: TimeInterval(try int(column))) }
}
