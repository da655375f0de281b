import Foundation

/// Encodes the analyses the cache stores as JSON that `JSONDecoder` reads back.
///
/// Why not `JSONEncoder`: a history scan encodes every analysis it makes, and
/// Foundation's encoder asks each value whether it is a `Date`, `Data`, `URL`
/// or `Decimal` and boxes it before writing; on IceCubesApp's last 300 commits
/// that was 4.6% of all the scan's instructions. Analyses hold only strings,
/// numbers, booleans, arrays and keyed values, so a plain tree is enough.
/// Keys come in the order the values encode them; JSON objects have no order.
/// Coding paths are not tracked: analyses do not read them, and growing one
/// per value cost as much as the rest.
enum AnalysisJSONEncoder {
    static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = TreeEncoder()
        try value.encode(to: encoder)
        var output: [UInt8] = []
        output.reserveCapacity(2048)
        (encoder.node ?? .object(JSONObject())).write(to: &output)
        return Data(output)
    }
}

/// A JSON value under construction: containers are boxes, so a container
/// handed out earlier still fills the value its parent holds.
private enum JSONNode {
    case literal(String)
    case string(String)
    case array(JSONArray)
    case object(JSONObject)

    func write(to output: inout [UInt8]) {
        switch self {
        case .literal(let text):
            output.append(contentsOf: text.utf8)
        case .string(let text):
            Self.writeString(text, to: &output)
        case .array(let array):
            output.append(UInt8(ascii: "["))
            for (offset, element) in array.elements.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (offset, member) in object.members.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings (keys, names, code) need no escape: copied whole.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            output.append(contentsOf: text.utf8)
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20: output.append(contentsOf: Array(String(format: "\\u%04x", byte).utf8))
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

private final class JSONArray {
    var elements: [JSONNode] = []
}

private final class JSONObject {
    var members: [(key: String, value: JSONNode)] = []

    /// Synthesized and hand-written `encode(to:)` of analyses encode each key once.
    func set(_ key: String, _ value: JSONNode) { members.append((key, value)) }
}

private final class TreeEncoder: Encoder {
    var codingPath: [CodingKey] { [] }
    let userInfo: [CodingUserInfoKey: Any] = [:]
    var node: JSONNode?

    init(node: JSONNode? = nil) {
        self.node = node
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object(let object)? = node { return KeyedEncodingContainer(KeyedContainer(object: object)) }
        let object = JSONObject()
        node = .object(object)
        return KeyedEncodingContainer(KeyedContainer(object: object))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        if case .array(let array)? = node { return UnkeyedContainer(array: array) }
        let array = JSONArray()
        node = .array(array)
        return UnkeyedContainer(array: array)
    }

    func singleValueContainer() -> SingleValueEncodingContainer { SingleValueContainer(encoder: self) }

    /// The node a value encodes to; one that encodes nothing is `{}`, as with
    /// `JSONEncoder`. Strings in arrays and sets arrive here, by their generic
    /// `encode`: a comparison of types is cheaper than a cast.
    static func node<Value: Encodable>(of value: Value) throws -> JSONNode {
        if Value.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        let encoder = TreeEncoder()
        try value.encode(to: encoder)
        return encoder.node ?? .object(JSONObject())
    }

    /// A superclass's values, under `key` of the object.
    static func superEncoder(in object: JSONObject, key: String) -> Encoder {
        let nested = JSONObject()
        object.set(key, .object(nested))
        return TreeEncoder(node: .object(nested))
    }
}

/// JSON's spelling of the scalars `Codable` knows.
private enum Scalar {
    static func number<Number: BinaryFloatingPoint & LosslessStringConvertible>(_ value: Number) throws -> JSONNode {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(value) is not a JSON number"))
        }
        // `3.0` is written `3`, as `JSONEncoder` writes it.
        if value.rounded() == value, abs(value) < 1e15 { return .literal(String(Int64(value))) }
        return .literal(String(value))
    }

    static func integer<Integer: BinaryInteger>(_ value: Integer) -> JSONNode { .literal(String(value)) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: JSONObject
    var codingPath: [CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { object.set(key.stringValue, .literal("null")) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { object.set(key.stringValue, .literal(value ? "true" : "false")) }
    mutating func encode(_ value: String, forKey key: Key) throws { object.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { object.set(key.stringValue, try Scalar.number(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { object.set(key.stringValue, try Scalar.number(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { object.set(key.stringValue, Scalar.integer(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { object.set(key.stringValue, Scalar.integer(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { object.set(key.stringValue, Scalar.integer(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { object.set(key.stringValue, Scalar.integer(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { object.set(key.stringValue, Scalar.integer(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { object.set(key.stringValue, Scalar.integer(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { object.set(key.stringValue, Scalar.integer(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { object.set(key.stringValue, Scalar.integer(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { object.set(key.stringValue, Scalar.integer(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { object.set(key.stringValue, Scalar.integer(value)) }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        object.set(key.stringValue, try TreeEncoder.node(of: value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONObject()
        object.set(key.stringValue, .object(nested))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        let nested = JSONArray()
        object.set(key.stringValue, .array(nested))
        return UnkeyedContainer(array: nested)
    }

    mutating func superEncoder() -> Encoder { TreeEncoder.superEncoder(in: object, key: "super") }
    mutating func superEncoder(forKey key: Key) -> Encoder { TreeEncoder.superEncoder(in: object, key: key.stringValue) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let array: JSONArray
    var codingPath: [CodingKey] { [] }
    var count: Int { array.elements.count }

    mutating func encodeNil() throws { array.elements.append(.literal("null")) }
    mutating func encode(_ value: Bool) throws { array.elements.append(.literal(value ? "true" : "false")) }
    mutating func encode(_ value: String) throws { array.elements.append(.string(value)) }
    mutating func encode(_ value: Double) throws { array.elements.append(try Scalar.number(value)) }
    mutating func encode(_ value: Float) throws { array.elements.append(try Scalar.number(value)) }
    mutating func encode(_ value: Int) throws { array.elements.append(Scalar.integer(value)) }
    mutating func encode(_ value: Int8) throws { array.elements.append(Scalar.integer(value)) }
    mutating func encode(_ value: Int16) throws { array.elements.append(Scalar.integer(value)) }
    mutating func encode(_ value: Int32) throws { array.elements.append(Scalar.integer(value)) }
    mutating func encode(_ value: Int64) throws { array.elements.append(Scalar.integer(value)) }
    mutating func encode(_ value: UInt) throws { array.elements.append(Scalar.integer(value)) }
    mutating func encode(_ value: UInt8) throws { array.elements.append(Scalar.integer(value)) }
    mutating func encode(_ value: UInt16) throws { array.elements.append(Scalar.integer(value)) }
    mutating func encode(_ value: UInt32) throws { array.elements.append(Scalar.integer(value)) }
    mutating func encode(_ value: UInt64) throws { array.elements.append(Scalar.integer(value)) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        array.elements.append(try TreeEncoder.node(of: value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONObject()
        array.elements.append(.object(nested))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested))
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        let nested = JSONArray()
        array.elements.append(.array(nested))
        return UnkeyedContainer(array: nested)
    }

    mutating func superEncoder() -> Encoder {
        let nested = JSONObject()
        array.elements.append(.object(nested))
        return TreeEncoder(node: .object(nested))
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.node = .literal("null") }
    mutating func encode(_ value: Bool) throws { encoder.node = .literal(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { encoder.node = .string(value) }
    mutating func encode(_ value: Double) throws { encoder.node = try Scalar.number(value) }
    mutating func encode(_ value: Float) throws { encoder.node = try Scalar.number(value) }
    mutating func encode(_ value: Int) throws { encoder.node = Scalar.integer(value) }
    mutating func encode(_ value: Int8) throws { encoder.node = Scalar.integer(value) }
    mutating func encode(_ value: Int16) throws { encoder.node = Scalar.integer(value) }
    mutating func encode(_ value: Int32) throws { encoder.node = Scalar.integer(value) }
    mutating func encode(_ value: Int64) throws { encoder.node = Scalar.integer(value) }
    mutating func encode(_ value: UInt) throws { encoder.node = Scalar.integer(value) }
    mutating func encode(_ value: UInt8) throws { encoder.node = Scalar.integer(value) }
    mutating func encode(_ value: UInt16) throws { encoder.node = Scalar.integer(value) }
    mutating func encode(_ value: UInt32) throws { encoder.node = Scalar.integer(value) }
    mutating func encode(_ value: UInt64) throws { encoder.node = Scalar.integer(value) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        encoder.node = try TreeEncoder.node(of: value)
    }
}
