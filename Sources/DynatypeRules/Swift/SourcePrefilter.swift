/// A rule family declares the tokens its triggers contain, so the prefilter
/// is derived from the rules themselves.
protocol RuleFamily {
    /// What the family needs to see in a file to report anything there (or
    /// define a symbol, or register an element).
    static var triggers: [Trigger] { get }
}

/// A case-sensitive token of the source.
struct Trigger: Hashable, ExpressibleByStringLiteral {
    let text: String
    /// Only at the start of an identifier: `Text` in `Text(…)` and
    /// `TextField`, not in `statusText` (generic words end many names).
    let startsWord: Bool

    init(stringLiteral value: String) {
        text = value
        startsWord = false
    }

    private init(word: String) {
        text = word
        startsWord = true
    }

    static func word(_ text: String) -> Trigger { Trigger(word: text) }
}

/// Skips parsing files that no rule could react to: a file whose bytes
/// contain none of the rule families' triggers has no text elements, no
/// findings, no symbols and no suppressions, so its analysis is empty.
public enum SourcePrefilter {
    static let triggers: [(bytes: [UInt8], startsWord: Bool)] = {
        let all = Set(SwiftFileAnalyzer.ruleFamilies.flatMap { $0.triggers })
        return all.sorted { $0.text < $1.text }.map { (Array($0.text.utf8), $0.startsWord) }
    }()

    /// Triggers by first byte, for a single pass over the bytes.
    private static let byFirstByte: [UInt8: [(bytes: [UInt8], startsWord: Bool)]] = Dictionary(grouping: triggers) { $0.bytes[0] }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
    }

    public static func mayMatter(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var index = 0
            while index < count {
                if let candidates = byFirstByte[buffer[index]] {
                    for (word, startsWord) in candidates where index + word.count <= count {
                        if startsWord, index > 0, isIdentifierByte(buffer[index - 1]) { continue }
                        var matched = true
                        for offset in 1..<word.count where buffer[index + offset] != word[offset] {
                            matched = false
                            break
                        }
                        if matched { return true }
                    }
                }
                index += 1
            }
            return false
        }
    }

    /// Whether `needle` occurs in `bytes`.
    static func contains(_ needle: String, in bytes: [UInt8]) -> Bool { contains(needle, in: bytes[...]) }

    static func contains(_ needle: String, in bytes: ArraySlice<UInt8>) -> Bool {
        let word = Array(needle.utf8)
        guard let first = word.first, bytes.count >= word.count else { return false }
        var index = bytes.startIndex
        while index + word.count <= bytes.endIndex {
            if bytes[index] == first, bytes[index..<(index + word.count)].elementsEqual(word) { return true }
            index += 1
        }
        return false
    }
}
