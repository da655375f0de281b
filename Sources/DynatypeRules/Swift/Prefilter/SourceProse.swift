/// Where the prose of some Swift source is, its comments and the text of its
/// string literals, found by a lexer of a few states instead of a parse, for
/// the prefilter: words there (`// Text size is the legacy name`,
/// commented-out code, `comment: "Button: Open bookmarks"`) would otherwise
/// have files parsed that no rule reacts to.
///
/// It errs one way only. Reading prose as code costs a parse; reading code
/// as prose could skip a file with findings. So a string with an
/// interpolation is code; wherever the lexer could lose track of where a
/// string ends (after an interpolation, a raw string, a key path, a slash
/// that may start a regex literal), the rest of the line is code; and where
/// it could lose track for more than a line (an interpolation in a
/// multi-line string, a raw or unsure `"""`, an extended regex literal, a
/// block comment opening on an unsure line), the rest of the file is.
enum SourceProse {
    private enum State {
        case code, string, multilineString
    }

    private static let newline: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D, quote: UInt8 = 0x22, hash: UInt8 = 0x23
    private static let openParenthesis: UInt8 = 0x28, star: UInt8 = 0x2A, slash: UInt8 = 0x2F, backslash: UInt8 = 0x5C

    /// The prose's byte ranges, in order: each comment from its `//` or `/*`
    /// to the end of its line or past its `*/`, each string's text between its quotes.
    static func ranges(in source: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var state = State.code
        var lineIsUnsure = false
        // The open string's first byte of text, and whether it is still prose.
        var textStart = 0
        var textIsProse = false
        var index = 0
        while index < source.count {
            let byte = source[index]
            if isLineEnd(byte) {
                if state == .string { state = .code }
                lineIsUnsure = false
                index += 1
                continue
            }
            switch state {
            case .string, .multilineString:
                if byte == backslash {
                    if index + 1 < source.count, source[index + 1] == openParenthesis {
                        // A multi-line string's interpolation may hold strings of any kind.
                        if state == .multilineString { return ranges }
                        textIsProse = false
                        lineIsUnsure = true
                    }
                    // A backslash ending a line escapes nothing: the line still ends.
                    index += index + 1 < source.count && !isLineEnd(source[index + 1]) ? 2 : 1
                    continue
                }
                let closes = state == .string ? byte == quote : startsTripleQuote(source, at: index)
                if closes {
                    if textIsProse, textStart < index { ranges.append(textStart..<index) }
                    index += state == .string ? 1 : 3
                    state = .code
                    continue
                }
            case .code:
                let afterHash = index > 0 && source[index - 1] == hash
                if byte == quote {
                    let triple = startsTripleQuote(source, at: index)
                    // A raw `#"""#` is one quote, and an unsure line's `"""` may
                    // be no delimiter: past a misread one, every string after
                    // would be read inside out.
                    if triple, afterHash || lineIsUnsure { return ranges }
                    if afterHash { lineIsUnsure = true }
                    state = triple ? .multilineString : .string
                    index += triple ? 3 : 1
                    (textStart, textIsProse) = (index, !lineIsUnsure)
                    continue
                } else if byte == backslash {
                    lineIsUnsure = true
                } else if byte == slash {
                    let next = index + 1 < source.count ? source[index + 1] : 0
                    // An extended regex literal may run over lines; a comment
                    // may open on an unsure line, its quotes pairing with code's.
                    if afterHash || (lineIsUnsure && next == star) { return ranges }
                    if !lineIsUnsure, next == slash || next == star {
                        let end = next == slash ? lineEnd(source, from: index) : blockCommentEnd(source, from: index)
                        ranges.append(index..<end)
                        index = end
                        continue
                    }
                    // A division, or a regex literal that may hold quotes.
                    lineIsUnsure = true
                }
            }
            index += 1
        }
        return ranges
    }

    private static func isLineEnd(_ byte: UInt8) -> Bool { byte == newline || byte == carriageReturn }

    private static func startsTripleQuote(_ source: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 2 < source.count && source[index] == quote && source[index + 1] == quote && source[index + 2] == quote
    }

    private static func lineEnd(_ source: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < source.count, !isLineEnd(source[index]) { index += 1 }
        return index
    }

    /// Past the `*/` that closes the comment at `start`: Swift's block
    /// comments nest. An unclosed one runs to the end, as it does for the compiler.
    private static func blockCommentEnd(_ source: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var depth = 0
        var index = start
        while index + 1 < source.count {
            if source[index] == slash, source[index + 1] == star {
                depth += 1
                index += 2
            } else if source[index] == star, source[index + 1] == slash {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return source.count
    }
}
