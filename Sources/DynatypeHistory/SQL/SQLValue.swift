import Foundation

/// A value bound to a query parameter, in either engine.
public enum SQLValue: Sendable, Equatable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    case null
}

extension SQLValue {
    static func optional(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }
    static func int(_ number: Int) -> SQLValue { .integer(Int64(number)) }
    /// Whole seconds since 1970, as the history stores dates.
    static func seconds(_ date: Date) -> SQLValue { .integer(Int64(date.timeIntervalSince1970)) }
}
