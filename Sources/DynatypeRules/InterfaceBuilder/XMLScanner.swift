/// A non-validating XML tokenizer for Interface Builder documents.
///
/// Foundation's `XMLParser` traps on invalid UTF-8 in an element or attribute
/// name, so a single pushed byte could crash every audit of a commit. This
/// scanner reads bytes and can only report problems as values: names and
/// values are decoded with replacement characters, entities are never
/// expanded beyond the five predefined ones and character references (no
/// DTDs, so no entity attacks), and malformed markup ends the scan with a
/// message. Positions are exact: the `<` of each start tag, 1-based, columns in
/// UTF-8 bytes.
struct XMLScanner {
    enum Event: Equatable {
        case start(name: String, attributes: [String: String], line: Int, column: Int)
        case end(name: String)
        case comment(text: String, line: Int)
    }

    struct Failure: Error, Equatable {
        let message: String
        let line: Int
    }

    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Calls `handle` for each event in document order. Returns the first
    /// well-formedness problem, if any; events before it have been delivered.
    mutating func scan(_ handle: (Event) -> Void) -> Failure? {
        var open: [String] = []
        var sawRoot = false
        while offset < bytes.count {
            guard bytes[offset] == UInt8(ascii: "<") else {
                skipText()
                continue
            }
            let tagLine = line
            let tagColumn = offset - lineStart + 1
            do throws(Failure) {
                if starts(with: "<!--") {
                    let text = try until("-->", skipping: 4)
                    handle(.comment(text: text, line: line))
                } else if starts(with: "<![CDATA[") {
                    _ = try until("]]>", skipping: 9)
                } else if starts(with: "<?") {
                    _ = try until("?>", skipping: 2)
                } else if starts(with: "<!") {
                    try skipDeclaration()
                } else if starts(with: "</") {
                    advance(2)
                    let name = readName()
                    skipWhitespace()
                    try expect(">")
                    guard let index = open.lastIndex(of: name) else {
                        return Failure(message: "closing tag </\(name)> has no opening tag", line: tagLine)
                    }
                    let unclosed = open[(index + 1)...]
                    for element in open[index...].reversed() { handle(.end(name: element)) }
                    if let inner = unclosed.last {
                        return Failure(message: "closing tag </\(name)> while <\(inner)> is still open", line: tagLine)
                    }
                    open.removeLast()
                } else {
                    advance(1)
                    let name = readName()
                    guard !name.isEmpty else { return Failure(message: "a '<' that starts no tag", line: tagLine) }
                    let (attributes, selfClosing) = try readAttributes()
                    sawRoot = true
                    handle(.start(name: name, attributes: attributes, line: tagLine, column: tagColumn))
                    if selfClosing { handle(.end(name: name)) } else { open.append(name) }
                }
            } catch {
                return error
            }
        }
        if let unclosed = open.last { return Failure(message: "the document ends inside <\(unclosed)>", line: line) }
        if !sawRoot { return Failure(message: "no elements", line: line) }
        return nil
    }

    // MARK: Pieces of markup

    private mutating func readAttributes() throws(Failure) -> ([String: String], selfClosing: Bool) {
        var attributes: [String: String] = [:]
        while true {
            skipWhitespace()
            guard offset < bytes.count else { throw Failure(message: "the document ends inside a tag", line: line) }
            if starts(with: "/>") {
                advance(2)
                return (attributes, true)
            }
            if bytes[offset] == UInt8(ascii: ">") {
                advance(1)
                return (attributes, false)
            }
            let name = readName()
            guard !name.isEmpty else { throw Failure(message: "unexpected character in a tag", line: line) }
            skipWhitespace()
            try expect("=")
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") else {
                throw Failure(message: "attribute \(name) has no quoted value", line: line)
            }
            let quote = bytes[offset]
            advance(1)
            let start = offset
            while offset < bytes.count, bytes[offset] != quote {
                if bytes[offset] == UInt8(ascii: "<") { throw Failure(message: "'<' inside the value of \(name)", line: line) }
                advance(1)
            }
            guard offset < bytes.count else { throw Failure(message: "the value of \(name) is not closed", line: line) }
            attributes[name] = Self.decodeEntities(bytes[start..<offset])
            advance(1)
        }
    }

    /// `<!DOCTYPE …>` with an optional internal subset in brackets. Its
    /// declarations are skipped, never used.
    private mutating func skipDeclaration() throws(Failure) {
        var depth = 0
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth <= 0:
                advance(1)
                return
            default: break
            }
            advance(1)
        }
        throw Failure(message: "a declaration is not closed", line: line)
    }

    private mutating func until(_ terminator: String, skipping opener: Int) throws(Failure) -> String {
        advance(opener)
        let start = offset
        let end = Array(terminator.utf8)
        while offset < bytes.count {
            if starts(with: end) {
                let text = String(decoding: bytes[start..<offset], as: UTF8.self)
                advance(end.count)
                return text
            }
            advance(1)
        }
        throw Failure(message: "the document ends before \(terminator)", line: line)
    }

    private mutating func readName() -> String {
        let start = offset
        while offset < bytes.count, !Self.endsName(bytes[offset]) { advance(1) }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
            || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count, Self.isWhitespace(bytes[offset]) { advance(1) }
    }

    private mutating func skipText() {
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "<") { advance(1) }
    }

    private mutating func expect(_ character: Unicode.Scalar) throws(Failure) {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: character) else {
            throw Failure(message: "expected '\(character)'", line: line)
        }
        advance(1)
    }

    private func starts(with text: String) -> Bool { starts(with: Array(text.utf8)) }

    private func starts(with prefix: [UInt8]) -> Bool {
        guard bytes.count - offset >= prefix.count else { return false }
        for (index, byte) in prefix.enumerated() where bytes[offset + index] != byte { return false }
        return true
    }

    private mutating func advance(_ count: Int) {
        for _ in 0..<count where offset < bytes.count {
            if bytes[offset] == 0x0A {
                line += 1
                lineStart = offset + 1
            }
            offset += 1
        }
    }

    // MARK: Entities

    private static let predefined: [String: String] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]

    /// The five predefined entities and character references; anything else
    /// is kept as written.
    static func decodeEntities(_ raw: ArraySlice<UInt8>) -> String {
        let text = String(decoding: raw, as: UTF8.self)
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = rest[afterAmpersand...]
                continue
            }
            let entity = rest[afterAmpersand..<semicolon]
            if let replacement = predefined[String(entity)] ?? characterReference(entity) {
                result += replacement
            } else {
                result += rest[ampersand...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func characterReference(_ entity: Substring) -> String? {
        guard entity.hasPrefix("#") else { return nil }
        let digits = entity.dropFirst()
        let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
}
