/// A value of an old-style (OpenStep) property list, the format of an
/// Xcode project's `project.pbxproj`.
enum OpenStepPlist: Equatable {
    case string(String)
    case array([OpenStepPlist])
    case dictionary([String: OpenStepPlist])

    var string: String? { if case .string(let value) = self { value } else { nil } }
    var array: [OpenStepPlist] { if case .array(let values) = self { values } else { [] } }
    subscript(key: String) -> OpenStepPlist? { if case .dictionary(let values) = self { values[key] } else { nil } }

    /// Parses the text, or nil when it is not a property list (a project
    /// file from a merge conflict, truncated, another format).
    static func parse(_ text: String) -> OpenStepPlist? {
        var parser = Parser(bytes: Array(text.utf8))
        return parser.value()
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func value() -> OpenStepPlist? {
            skipTrivia()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return dictionary()
            case UInt8(ascii: "("): return array()
            default: return word().map(OpenStepPlist.string)
            }
        }

        private mutating func dictionary() -> OpenStepPlist? {
            index += 1
            var values: [String: OpenStepPlist] = [:]
            while true {
                skipTrivia()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .dictionary(values) }
                guard let key = word(), expect("="), let value = value(), expect(";") else { return nil }
                values[key] = value
            }
        }

        private mutating func array() -> OpenStepPlist? {
            index += 1
            var values: [OpenStepPlist] = []
            while true {
                skipTrivia()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ")") { index += 1; return .array(values) }
                guard let value = value() else { return nil }
                values.append(value)
                skipTrivia()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1 }
            }
        }

        /// A quoted string (with its escapes) or a bare word.
        private mutating func word() -> String? {
            skipTrivia()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                var text: [UInt8] = []
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { index += 1 }
                    text.append(bytes[index])
                    index += 1
                }
                guard index < bytes.count else { return nil }
                index += 1
                return String(decoding: text, as: UTF8.self)
            }
            let start = index
            while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
            return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        private static func isWordByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "+"): true
            default: byte >= 0x80
            }
        }

        private mutating func expect(_ character: Unicode.Scalar) -> Bool {
            skipTrivia()
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Whitespace and `/* … */` and `// …` comments.
        private mutating func skipTrivia() {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    index += 1
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                    index += 2
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                } else {
                    return
                }
            }
        }
    }
}
