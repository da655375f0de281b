/// Turns well-formed sources into the inputs a hostile or broken push
/// carries: flipped and inserted bytes (invalid UTF-8, NUL), truncation,
/// pieces of other files spliced in, nesting deeper than the parser's
/// limit, and short shapes repeated (brackets, parentheses, closures, string
/// interpolations, comment directives; nested and unbalanced), which the
/// parser can take exponential time on. Each input gets one to four mutations.
public struct InputMutator: Sendable {
    public enum Mutation: CaseIterable, Sendable {
        case flipByte, insertInvalidUTF8, truncate, spliceFromOtherSeed, duplicateSlice, deepNesting, deleteSlice, repeatedShape
    }

    private let seeds: [FuzzSeed]

    public init(seeds: [FuzzSeed]) {
        precondition(!seeds.isEmpty, "a fuzz run needs at least one seed")
        self.seeds = seeds
    }

    /// A mutated copy of a random seed, named like it (the name picks the analyzer).
    public func next(using random: inout SeededGenerator) -> FuzzSeed {
        let seed = seeds.randomElement(using: &random)!
        var bytes = seed.bytes
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            apply(Mutation.allCases.randomElement(using: &random)!, to: &bytes, using: &random)
        }
        return FuzzSeed(name: seed.name, bytes: bytes)
    }

    private static let hostileBytes: [UInt8] = [0x00, 0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xF0, 0xF8, 0xFE, 0xFF]
    /// Bracket nesting (what the parser's limit counts). Runs of `<a>` are left
    /// out: they only measure SwiftParser's quadratic recovery (CONTRIBUTING.md, "Fuzzing").
    private static let openers: [[UInt8]] = ["(", "{", "[", "Text(", "VStack {", "\"\\("].map { Array($0.utf8) }

    /// The pieces a repeated shape is made of.
    private static let shapePieces: [[UInt8]] = [
        "(", ")", "[", "]", "{", "}", "<", ">", "@", "a", ":", ",", "?", "\\.", "\"\\(", "\\(", "{ $0", "a(", "->",
        "// swiftlint:disable:next fixed_font_size\n", "// dynatype:disable fixed_font_size\n", "/*", "*/", "#if ", "\n",
    ].map { Array($0.utf8) }

    private func apply(_ mutation: Mutation, to bytes: inout [UInt8], using random: inout SeededGenerator) {
        let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &random)
        switch mutation {
        case .flipByte:
            guard !bytes.isEmpty else { return }
            bytes[min(position, bytes.count - 1)] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
        case .insertInvalidUTF8:
            bytes.insert(Self.hostileBytes.randomElement(using: &random)!, at: position)
        case .truncate:
            bytes.removeSubrange(position...)
        case .spliceFromOtherSeed:
            let other = seeds.randomElement(using: &random)!.bytes
            bytes.insert(contentsOf: Self.slice(of: other, using: &random), at: position)
        case .duplicateSlice:
            bytes.insert(contentsOf: Self.slice(of: bytes, using: &random), at: position)
        case .deepNesting:
            // Around SwiftParser's 256-level limit.
            let opener = Self.openers.randomElement(using: &random)!
            let depth = Int.random(in: 250...320, using: &random)
            bytes.insert(contentsOf: Array([[UInt8]](repeating: opener, count: depth).joined()), at: position)
        case .repeatedShape:
            let unit = (0..<Int.random(in: 1...4, using: &random)).flatMap { _ in Self.shapePieces.randomElement(using: &random)! }
            let count = Int.random(in: 8...40, using: &random)
            bytes.insert(contentsOf: Array([[UInt8]](repeating: unit, count: count).joined()), at: position)
        case .deleteSlice:
            guard position < bytes.count else { return }
            bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...64, using: &random)))
        }
    }

    private static func slice(of bytes: [UInt8], using random: inout SeededGenerator) -> ArraySlice<UInt8> {
        guard !bytes.isEmpty else { return [] }
        let start = Int.random(in: 0..<bytes.count, using: &random)
        return bytes[start..<min(bytes.count, start + Int.random(in: 1...200, using: &random))]
    }
}
