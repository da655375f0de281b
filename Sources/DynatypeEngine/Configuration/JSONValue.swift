import Foundation

/// Any JSON value, decoded without a schema so configuration errors can name
/// the exact key that is wrong.
public enum JSONValue: Decodable, Equatable, Sendable {
    case object([String: JSONValue], order: [String])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    public init(from decoder: Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            var object: [String: JSONValue] = [:]
            for key in keyed.allKeys { object[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key) }
            self = .object(object, order: keyed.allKeys.map(\.stringValue))
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !unkeyed.isAtEnd { values.append(try unkeyed.decode(JSONValue.self)) }
            self = .array(values)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? single.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Parses JSON with comments and trailing commas (JSON5).
    public static func parse(_ data: Data) throws -> JSONValue {
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        return try decoder.decode(JSONValue.self, from: data)
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    var typeName: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// A configuration problem, naming the file and the key.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    public let file: String
    public let key: String?
    public let problem: String

    public init(file: String, key: String?, problem: String) {
        self.file = file
        self.key = key
        self.problem = problem
    }

    public var description: String {
        key.map { "\(file): \"\($0)\": \(problem)" } ?? "\(file): \(problem)"
    }
}

/// Reads typed values out of a JSON object, rejecting unknown keys and wrong
/// types with an error that names the key (and a close known key, if any).
public struct ConfigurationReader {
    public let file: String
    private let object: [String: JSONValue]
    private let path: String

    public init(file: String, value: JSONValue, path: String = "") throws {
        guard case .object(let object, _) = value else {
            throw ConfigurationError(file: file, key: path.isEmpty ? nil : path, problem: "expected an object, found \(value.typeName)")
        }
        self.file = file
        self.object = object
        self.path = path
    }

    /// Reads a configuration file's bytes: JSON with comments and trailing
    /// commas, whose top level must be an object.
    public init(file: String, data: Data) throws {
        let value: JSONValue
        do {
            value = try JSONValue.parse(data)
        } catch {
            let detail = JSONErrorLocation.describe(data) ?? Self.describe(error)
            throw ConfigurationError(file: file, key: nil, problem: "not valid JSON (comments and trailing commas are allowed): \(detail)")
        }
        try self.init(file: file, value: value)
    }

    /// The decoder's explanation without its Swift dump around it.
    private static func describe(_ error: Error) -> String {
        let text = "\(error)"
        if let range = text.range(of: "debugDescription: \"") {
            return String(text[range.upperBound...].prefix { $0 != "\"" })
        }
        return text
    }

    public var keys: [String] { Array(object.keys) }

    private func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    public func error(_ key: String, _ problem: String) -> ConfigurationError {
        ConfigurationError(file: file, key: keyPath(key), problem: problem)
    }

    public func rejectUnknownKeys(allowed: [String]) throws {
        for key in object.keys.sorted() where !allowed.contains(key) {
            throw error(key, "unknown key\(Suggestion.hint(for: key, in: allowed)); known keys: \(allowed.joined(separator: ", "))")
        }
    }

    public func value(_ key: String) -> JSONValue? { object[key] }

    public func string(_ key: String) throws -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let string) = value else { throw error(key, "expected a string, found \(value.typeName)") }
        return string
    }

    public func strings(_ key: String) throws -> [String]? {
        guard let value = object[key] else { return nil }
        if case .string(let single) = value { return [single] }
        guard case .array(let values) = value else { throw error(key, "expected an array of strings, found \(value.typeName)") }
        return try values.map {
            guard case .string(let string) = $0 else { throw error(key, "expected an array of strings, found an element that is \($0.typeName)") }
            return string
        }
    }

    /// A number within `range` (every numeric setting has one, so a value
    /// such as `1e19` is an error naming the key instead of a trap later).
    public func number(_ key: String, in range: ClosedRange<Double>, unit: String) throws -> Double? {
        guard let value = object[key] else { return nil }
        guard case .number(let number) = value else { throw error(key, "expected a number, found \(value.typeName)") }
        guard range.contains(number) else {
            throw error(key, "must be between \(Self.format(range.lowerBound)) and \(Self.format(range.upperBound)) \(unit), found \(Self.format(number))")
        }
        return number
    }

    /// A whole number within `range`.
    public func integer(_ key: String, in range: ClosedRange<Int>, unit: String) throws -> Int? {
        guard let number = try number(key, in: Double(range.lowerBound)...Double(range.upperBound), unit: unit) else { return nil }
        guard number == number.rounded() else { throw error(key, "must be a whole number of \(unit), found \(Self.format(number))") }
        return Int(number)
    }

    private static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
    }

    public func bool(_ key: String) throws -> Bool? {
        guard let value = object[key] else { return nil }
        guard case .bool(let bool) = value else { throw error(key, "expected true or false, found \(value.typeName)") }
        return bool
    }

    public func object(_ key: String) throws -> ConfigurationReader? {
        guard let value = object[key] else { return nil }
        return try ConfigurationReader(file: file, value: value, path: keyPath(key))
    }

    public func objects(_ key: String) throws -> [ConfigurationReader]? {
        guard let value = object[key] else { return nil }
        guard case .array(let values) = value else { throw error(key, "expected an array of objects, found \(value.typeName)") }
        return try values.enumerated().map { try ConfigurationReader(file: file, value: $0.element, path: "\(keyPath(key))[\($0.offset)]") }
    }
}
