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

    /// Bytes refused before parsing, with why.
    struct Declined: Error {
        let reason: String
    }

    /// Where the scan is: code (at the top, or inside a string's `\(…)`,
    /// with the parentheses opened there), or a string literal.
    private enum Context {
        case code(openParentheses: Int)
        case string(multiline: Bool)
    }

    /// Why the parser cannot audit these bytes, or nil.
    static func reason(_ bytes: [UInt8]) -> String? {
        var scanner = Scanner(bytes: bytes)
        return scanner.scan()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var depth = 0
        var bracketRun = 0
        var contexts: [Context] = [.code(openParentheses: 0)]

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func scan() -> String? {
            while index < bytes.count {
                let reason: String?
                switch contexts[contexts.count - 1] {
                case .string(let multiline): reason = stepInString(multiline: multiline)
                case .code(let open): reason = stepInCode(openParentheses: open)
                }
                if let reason { return reason }
            }
            return nil
        }

        private func byte(at offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }

        private func startsTripleQuote() -> Bool { byte(at: 0) == quote && byte(at: 1) == quote && byte(at: 2) == quote }

        private let quote = UInt8(ascii: "\"")

        private mutating func stepInString(multiline: Bool) -> String? {
            if byte(at: 0) == UInt8(ascii: "\\") {
                if byte(at: 1) == UInt8(ascii: "(") {
                    // An interpolation is code again, one level deeper.
                    index += 2
                    contexts.append(.code(openParentheses: 0))
                    return open(UInt8(ascii: "("))
                }
                index += 2
            } else if multiline ? startsTripleQuote() : byte(at: 0) == quote {
                index += multiline ? 3 : 1
                contexts.removeLast()
            } else if !multiline, byte(at: 0) == 0x0A {
                contexts.removeLast()
            } else {
                index += 1
                // Text up to the next escape, quote or line end changes nothing.
                while index < bytes.count, !Self.endsStringText(bytes[index]) { index += 1 }
            }
            return nil
        }

        private static func endsStringText(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") || byte == 0x0A
        }

        /// Bytes of names, numbers and operators: in code they only end a run of `[`.
        private static func isPlainCode(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                UInt8(ascii: "["), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
                false
            default:
                true
            }
        }

        private mutating func stepInCode(openParentheses: Int) -> String? {
            let current = byte(at: 0)
            index += 1
            switch current {
            case UInt8(ascii: "/") where byte(at: 0) == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where byte(at: 0) == UInt8(ascii: "*"):
                skipBlockComment()
            case quote:
                index -= 1
                let multiline = startsTripleQuote()
                index += multiline ? 3 : 1
                contexts.append(.string(multiline: multiline))
                bracketRun = 0
            case UInt8(ascii: "("):
                if contexts.count > 1 { contexts[contexts.count - 1] = .code(openParentheses: openParentheses + 1) }
                return open(current)
            case UInt8(ascii: ")"):
                close()
                if contexts.count > 1 {
                    if openParentheses == 0 { contexts.removeLast() } else { contexts[contexts.count - 1] = .code(openParentheses: openParentheses - 1) }
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                return open(current)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                close()
            case 0x20, 0x09, 0x0A, 0x0D:
                break
            default:
                bracketRun = 0
                // Most of a file; skipped in one go rather than a byte per step.
                while index < bytes.count, Self.isPlainCode(bytes[index]) { index += 1 }
            }
            return nil
        }

        private mutating func skipBlockComment() {
            var nesting = 1
            index += 1
            while index < bytes.count, nesting > 0 {
                if byte(at: 0) == UInt8(ascii: "*"), byte(at: 1) == UInt8(ascii: "/") { nesting -= 1; index += 2 }
                else if byte(at: 0) == UInt8(ascii: "/"), byte(at: 1) == UInt8(ascii: "*") { nesting += 1; index += 2 }
                else { index += 1 }
            }
        }

        private mutating func open(_ bracket: UInt8) -> String? {
            depth += 1
            if depth >= ParserHazards.nestingLimit {
                return "not audited: brackets nest deeper than the Swift parser's limit of \(ParserHazards.nestingLimit) levels (split the expression)"
            }
            bracketRun = bracket == UInt8(ascii: "[") ? bracketRun + 1 : 0
            if bracketRun > ParserHazards.bracketRunLimit {
                return "not audited: more than \(ParserHazards.bracketRunLimit) `[` in a row, which the Swift parser takes exponential time to read (split the literal)"
            }
            return nil
        }

        private mutating func close() {
            depth = max(0, depth - 1)
            bracketRun = 0
        }
    }
}
