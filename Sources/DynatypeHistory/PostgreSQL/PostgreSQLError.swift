import Foundation

/// A PostgreSQL failure with the server's (or libpq's) message and SQLSTATE.
public struct PostgreSQLError: SQLDamage, CustomStringConvertible, Sendable {
    public let message: String
    /// The five-character SQLSTATE, when the server sent one.
    public let state: String?
    /// The connection is gone (server restart, network): reconnecting may help.
    public let connectionLost: Bool
    public var description: String { message }

    /// A damaged value read from a row (`PostgreSQLRow`).
    static let damagedState = "XX001"
    public var isCorrupt: Bool { state == Self.damagedState }

    /// Deadlock or serialization failure: the transaction may simply be run again.
    var isRetryableConflict: Bool { state == "40P01" || state == "40001" }
    var isUniqueViolation: Bool { state == "23505" }
    var isUndefinedTable: Bool { state == "42P01" }

    /// Connection exceptions (class 08) and the server shutting down or starting up.
    static func meansConnectionLost(_ state: String?) -> Bool {
        guard let state else { return false }
        return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
    }
}
