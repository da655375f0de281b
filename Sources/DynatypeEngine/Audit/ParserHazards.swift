/// Shapes of source the Swift parser cannot handle, found from the bytes
/// before parsing, so such a file is declined as not auditable instead of
/// passing silently or stalling every audit of its commit:
///
/// - brackets nested 256 levels deep: SwiftParser stops building the tree
///   there and skips the rest as unexpected text, so a fixed font below
///   would vanish;
/// - a run of `[` with only whitespace between them: SwiftParser's
///   lookahead for inline array types is exponential in its length (20 take
///   ~7 s, 24 take a minute; real code stays under six).
///
/// Comments and string literals are skipped; the scan is an estimate of
/// what the parser sees, not a parse.
enum ParserHazards {
    static let nestingLimit = 256
    static let bracketRunLimit = 12

    /// Why the parser cannot audit these bytes, or nil.
    static func reason(_ bytes: [UInt8]) -> String? {
        var depth = 0
        var run = 0
        var index = 0
        var blockComments = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if blockComments > 0 {
                if byte == UInt8(ascii: "*"), next == UInt8(ascii: "/") { blockComments -= 1; index += 1 }
                else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") { blockComments += 1; index += 1 }
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                blockComments = 1
                index += 1
            } else if byte == UInt8(ascii: "\"") {
                index = endOfString(bytes, from: index)
                run = 0
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                depth += 1
                if depth >= nestingLimit {
                    return "not audited: brackets nest deeper than the Swift parser's limit of \(nestingLimit) levels (split the expression)"
                }
                run = byte == UInt8(ascii: "[") ? run + 1 : 0
                if run > bracketRunLimit {
                    return "not audited: more than \(bracketRunLimit) `[` in a row, which the Swift parser takes exponential time to read (split the literal)"
                }
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
                run = 0
            } else if !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D) {
                run = 0
            }
            index += 1
        }
        return nil
    }

    /// The index of a string literal's closing quote (or the line's end), for
    /// `"…"` and `"""…"""`.
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
        let quote = UInt8(ascii: "\"")
        let multiline = start + 2 < bytes.count && bytes[start + 1] == quote && bytes[start + 2] == quote
        var index = start + (multiline ? 3 : 1)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if multiline {
                if index + 2 < bytes.count, bytes[index] == quote, bytes[index + 1] == quote, bytes[index + 2] == quote { return index + 2 }
            } else if bytes[index] == quote || bytes[index] == 0x0A {
                return index
            }
            index += 1
        }
        return index
    }
}
