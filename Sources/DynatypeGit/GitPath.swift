import Foundation

/// A path from a git tree as dynatype stores and shows it. Git paths are
/// bytes; most are UTF-8, but a name with an invalid byte decoded lossily
/// would merge with another name into one path in the history (wrong counts,
/// a false "fixed"). The escaping is one-to-one: a valid name without a
/// backslash is itself; otherwise a backslash becomes `\\` and each byte that
/// is not UTF-8 `\xNN`.
public enum GitPath {
    public static func decode(_ cString: UnsafePointer<CChar>) -> String {
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self), count: strlen(cString))
        return decode(Array(bytes))
    }

    public static func decode(_ bytes: [UInt8]) -> String {
        if !bytes.contains(UInt8(ascii: "\\")), let valid = String(validating: bytes, as: UTF8.self) { return valid }
        var out = ""
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(startingWith: bytes[index])
            if length > 0, index + length <= bytes.count,
                let character = String(validating: bytes[index..<(index + length)], as: UTF8.self)
            {
                out += character == "\\" ? "\\\\" : character
                index += length
            } else {
                let hex = String(bytes[index], radix: 16, uppercase: true)
                out += "\\x" + (hex.count == 1 ? "0" + hex : hex)
                index += 1
            }
        }
        return out
    }

    /// The bytes a decoded path stands for (`decode`'s inverse): a path
    /// with a backslash was escaped, any other is its own UTF-8.
    public static func encode(_ path: String) -> [UInt8] {
        guard path.contains("\\") else { return Array(path.utf8) }
        var bytes: [UInt8] = []
        var rest = Substring(path)
        while let backslash = rest.firstIndex(of: "\\") {
            bytes += Array(rest[..<backslash].utf8)
            let escape = rest[backslash...].dropFirst()
            if escape.hasPrefix("\\") {
                bytes.append(UInt8(ascii: "\\"))
                rest = escape.dropFirst()
            } else if escape.hasPrefix("x"), let byte = UInt8(escape.dropFirst().prefix(2), radix: 16) {
                bytes.append(byte)
                rest = escape.dropFirst(3)
            } else {
                bytes.append(UInt8(ascii: "\\"))
                rest = escape
            }
        }
        return bytes + Array(rest.utf8)
    }

    /// Calls `body` with the path as the file system names it (NUL-terminated bytes).
    public static func withFileSystemPath<T>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        try (encode(path).map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The length a UTF-8 sequence with this first byte has (0: not a first byte).
    private static func sequenceLength(startingWith byte: UInt8) -> Int {
        switch byte {
        case 0x00..<0x80: return 1
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return 0
        }
    }
}
