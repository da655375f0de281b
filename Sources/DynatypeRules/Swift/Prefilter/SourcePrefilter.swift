/// A case-sensitive token of the source, read in its code: words in
/// comments and string literals mean nothing to a rule (see `SourceProse`).
struct Trigger: Hashable, ExpressibleByStringLiteral {
    let text: String
    /// Only at the start of an identifier: `Text` in `Text(…)` and
    /// `TextField`, not in `statusText` (generic words end many names).
    let startsWord: Bool
    /// Only ending a name this keyword declares: `Label:` in
    /// `class PillLabel: BaseLabel`, not in `var titleLabel: UILabel`.
    let declaredBy: String?
    /// Only in a name that is no member: `iconSize:` labelling an argument
    /// or a parameter, not `.customize:` in a `case` pattern.
    let outsideMembers: Bool
    /// Read in prose too: the marker of a suppression comment.
    let inProse: Bool

    init(stringLiteral value: String) {
        self.init(text: value)
    }

    private init(text: String, startsWord: Bool = false, declaredBy: String? = nil, outsideMembers: Bool = false, inProse: Bool = false) {
        self.text = text
        self.startsWord = startsWord
        self.declaredBy = declaredBy
        self.outsideMembers = outsideMembers
        self.inProse = inProse
    }

    static func word(_ text: String) -> Trigger { Trigger(text: text, startsWord: true) }

    static func declaredName(endingWith text: String, keyword: String) -> Trigger { Trigger(text: text, declaredBy: keyword) }

    static func label(endingWith text: String) -> Trigger { Trigger(text: text, outsideMembers: true) }

    static func commentMarker(_ text: String) -> Trigger { Trigger(text: text, inProse: true) }

    /// The same token matched anywhere in a word.
    var anywhereInWord: Trigger { Trigger(text: text, declaredBy: declaredBy, outsideMembers: outsideMembers, inProse: inProse) }
}

/// Triggers compiled for a single pass over some bytes, since this runs over
/// every byte of every changed file: a table of the triggers' first two
/// bytes rules out almost every position, and names the few triggers to
/// compare at the rest (pairs such as `Te` start many words of SwiftUI code).
struct TriggerMatcher {
    private struct Compiled {
        /// Where the trigger's bytes, and its keyword's, are in `bytes`.
        let text: Range<Int>
        let keyword: Range<Int>?
        let startsWord: Bool
        let outsideMembers: Bool
        let inProse: Bool
        let name: String
    }

    private let compiled: [Compiled]
    /// All triggers' and keywords' bytes, one after another.
    private let bytes: [UInt8]
    /// For each pair of bytes `first << 8 | second`, 1 + the index in
    /// `buckets` of the triggers that start with it (0: none do).
    private let pairs: [UInt8]
    /// Indexes in `compiled`, in the order triggers are matched.
    private let buckets: [[Int]]

    init(_ triggers: [Trigger]) {
        var bytes: [UInt8] = []
        func append(_ text: String) -> Range<Int> {
            let start = bytes.count
            bytes += text.utf8
            return start..<bytes.count
        }
        compiled = Set(triggers).sorted { "\($0)" < "\($1)" }.map { trigger in
            precondition(trigger.text.utf8.count >= 2, "a trigger needs two bytes")
            return Compiled(
                text: append(trigger.text), keyword: trigger.declaredBy.map(append), startsWord: trigger.startsWord,
                outsideMembers: trigger.outsideMembers, inProse: trigger.inProse,
                name: trigger.text
            )
        }
        self.bytes = bytes
        var pairs = [UInt8](repeating: 0, count: 1 << 16)
        var buckets: [[Int]] = []
        for (index, trigger) in compiled.enumerated() {
            let pair = Int(bytes[trigger.text.lowerBound]) << 8 | Int(bytes[trigger.text.lowerBound + 1])
            if pairs[pair] == 0 {
                buckets.append([])
                precondition(buckets.count < 256, "too many first pairs for the table")
                pairs[pair] = UInt8(buckets.count)
            }
            buckets[Int(pairs[pair]) - 1].append(index)
        }
        self.pairs = pairs
        self.buckets = buckets
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
    }

    /// Reports each occurrence of a trigger (as its text) until `stop` returns true; returns whether it did.
    func scan(_ source: ArraySlice<UInt8>, until stop: (String) -> Bool) -> Bool {
        source.withUnsafeBufferPointer { buffer in
            pairs.withUnsafeBufferPointer { pairs in
                bytes.withUnsafeBufferPointer { triggerBytes in
                    guard buffer.count >= 2 else { return false }
                    let prose = SourceProse.ranges(in: buffer)
                    var nextProse = 0
                    for index in 0..<(buffer.count - 1) {
                        let bucket = Int(pairs[Int(buffer[index]) << 8 | Int(buffer[index + 1])])
                        guard bucket != 0 else { continue }
                        while nextProse < prose.count, prose[nextProse].upperBound <= index { nextProse += 1 }
                        let inProse = nextProse < prose.count && prose[nextProse].lowerBound <= index
                        let wordStart = index == 0 || !Self.isIdentifierByte(buffer[index - 1])
                        for candidate in buckets[bucket - 1] {
                            let trigger = compiled[candidate]
                            guard !inProse || trigger.inProse, wordStart || !trigger.startsWord, index + trigger.text.count <= buffer.count,
                                Self.matches(triggerBytes, trigger.text, buffer, at: index)
                            else { continue }
                            if let keyword = trigger.keyword, !Self.name(endingAt: index, in: buffer, isDeclaredBy: triggerBytes, keyword) { continue }
                            if trigger.outsideMembers, Self.nameIsMember(endingAt: index, in: buffer) { continue }
                            if stop(trigger.name) { return true }
                        }
                    }
                    return false
                }
            }
        }
    }

    private static func matches(_ triggers: UnsafeBufferPointer<UInt8>, _ text: Range<Int>, _ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        for offset in 0..<text.count where buffer[index + offset] != triggers[text.lowerBound + offset] { return false }
        return true
    }

    /// Where the identifier that reaches `index` starts.
    private static func nameStart(reaching index: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var start = index
        while start > 0, isIdentifierByte(buffer[start - 1]) { start -= 1 }
        return start
    }

    /// Whether the identifier that reaches `index` follows a dot.
    private static func nameIsMember(endingAt index: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = nameStart(reaching: index, in: buffer)
        return start > 0 && buffer[start - 1] == 0x2E
    }

    /// Whether the identifier that reaches `index` follows `keyword` and
    /// blanks (`class PillLabel` for the `Label` at `index`).
    private static func name(
        endingAt index: Int, in buffer: UnsafeBufferPointer<UInt8>, isDeclaredBy triggers: UnsafeBufferPointer<UInt8>, _ keyword: Range<Int>
    ) -> Bool {
        let start = nameStart(reaching: index, in: buffer)
        var end = start
        while end > 0, buffer[end - 1] == 0x20 || buffer[end - 1] == 0x09 { end -= 1 }
        guard end < start, end >= keyword.count else { return false }
        let keywordStart = end - keyword.count
        guard matches(triggers, keyword, buffer, at: keywordStart) else { return false }
        return keywordStart == 0 || !isIdentifierByte(buffer[keywordStart - 1])
    }
}

/// Whether some bytes hold what one of several families needs (see
/// `RuleFamily`): one of its triggers and, when it has any, one of what it
/// also needs. One pass over the bytes for all the families.
struct FamilyGate {
    private let matcher: TriggerMatcher
    /// Tokens enough on their own (a family that needs nothing else has them).
    private let sufficient: Set<String>
    private let partial: [(triggers: Set<String>, alsoNeeds: Set<String>)]

    init(_ families: [(triggers: [Trigger], alsoNeeds: [Trigger])]) {
        matcher = TriggerMatcher(families.flatMap { $0.triggers + $0.alsoNeeds })
        sufficient = Set(families.filter { $0.alsoNeeds.isEmpty }.flatMap { $0.triggers.map(\.text) })
        partial = families.filter { !$0.alsoNeeds.isEmpty }.map { (Set($0.triggers.map(\.text)), Set($0.alsoNeeds.map(\.text))) }
    }

    func opens(for bytes: ArraySlice<UInt8>) -> Bool {
        var found: Set<String> = []
        return matcher.scan(bytes) { token in
            if sufficient.contains(token) { return true }
            guard found.insert(token).inserted else { return false }
            return partial.contains { !$0.triggers.isDisjoint(with: found) && !$0.alsoNeeds.isDisjoint(with: found) }
        }
    }
}

/// Skips parsing files that no rule could react to: a file in which no rule
/// family finds what it needs has no text elements, no findings, no symbols
/// and no suppressions, so its analysis is empty.
public enum SourcePrefilter {
    private static let gate = FamilyGate(RuleFamilies.all.map { ($0.triggers, $0.alsoNeeds) })

    public static func mayMatter(_ bytes: [UInt8]) -> Bool { gate.opens(for: bytes[...]) }

    /// Whether `needle` occurs in `bytes`.
    static func contains(_ needle: String, in bytes: [UInt8]) -> Bool { contains(needle, in: bytes[...]) }

    static func contains(_ needle: String, in bytes: ArraySlice<UInt8>) -> Bool {
        let word = Array(needle.utf8)
        guard let first = word.first, bytes.count >= word.count else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            word.withUnsafeBufferPointer { word in
                for index in 0...(buffer.count - word.count) where buffer[index] == first {
                    if (1..<word.count).allSatisfy({ buffer[index + $0] == word[$0] }) { return true }
                }
                return false
            }
        }
    }
}
