import CGit2

/// A git object id (SHA-1), as its 40-character hex form.
public struct ObjectID: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    public let hex: String

    public init(_ oid: git_oid) {
        var copy = oid
        var buffer = [CChar](repeating: 0, count: 41)
        git_oid_tostr(&buffer, 41, &copy)
        hex = String(decoding: buffer.prefix(40).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A full 40-character hex id; nil for anything else.
    public init?(hex: String) {
        guard hex.count == 40, hex.allSatisfy(\.isHexDigit) else { return nil }
        self.hex = hex.lowercased()
    }

    var oid: git_oid {
        var oid = git_oid()
        git_oid_fromstr(&oid, hex)
        return oid
    }

    public var short: String { String(hex.prefix(10)) }
    public var description: String { hex }

    public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool { lhs.hex < rhs.hex }
}
