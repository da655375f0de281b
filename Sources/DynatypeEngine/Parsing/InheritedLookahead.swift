import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// SwiftParser reuses a node of the previous tree only when it knows how far
/// it looked ahead to parse that node (`LookaheadRanges`: an entry per
/// statement and member, by node). An incremental parse records entries for
/// what it parsed and for the nodes it reused whole, but not for the nodes
/// inside those. So along a chain of incremental parses, a type one parse
/// reused whole was parsed again whole by the next parse that edited it: on
/// duckduckgo-iOS's history, an edit to one method of the 73 KB
/// TabViewController reparsed 15 % of the file, and incremental parses cost
/// 41 s of its scan.
///
/// Carrying the earlier entries forward lets the parser reuse those inner
/// nodes as their first parse would. An entry is keyed by its node's
/// address, so the nodes of the chain's earlier parses must stay alive as
/// long as the entries do (`ParsedNodes`; the tree cache keeps them, and
/// counts their memory already).
/// `LookaheadRanges` does not expose its entries; its one stored property is
/// read through its layout, which is checked once against a parse of known
/// code: should a toolchain change it, entries are simply not carried.
enum InheritedLookahead {
    /// `LookaheadRanges`' one stored property: lookahead lengths by node.
    private typealias Entries = [RawSyntax.ID: Int]

    /// Whether this SwiftParser's `LookaheadRanges` holds what it is read as.
    static let isAvailable: Bool = {
        guard MemoryLayout<LookaheadRanges>.size == MemoryLayout<Entries>.size,
            MemoryLayout<LookaheadRanges>.alignment == MemoryLayout<Entries>.alignment
        else { return false }
        let sample = "struct Card {\n  let title = 1\n  func show() {\n    let x = title\n    print(x)\n  }\n}\nlet card = Card()\n"
        let result = Parser.parseIncrementally(source: sample, parseTransition: nil)
        let entries = unsafeBitCast(result.lookaheadRanges, to: Entries.self)
        // Every statement and member is recorded, with a lookahead covering it at least.
        let recorded = result.tree.tokens(viewMode: .sourceAccurate).reduce(into: [RawSyntax.ID: Int]()) { items, token in
            var node = token.parent
            while let current = node {
                if current.is(CodeBlockItemSyntax.self) || current.is(MemberBlockItemSyntax.self) {
                    items[current.raw.id] = current.totalLength.utf8Length
                }
                node = current.parent
            }
        }
        return !recorded.isEmpty && Set(entries.keys) == Set(recorded.keys)
            && recorded.allSatisfy { id, length in entries[id].map { $0 >= length } ?? false }
    }()

    /// The parse's entries, plus those of the parse it started from for the
    /// nodes it did not parse again (its own entries win).
    static func carrying(_ earlier: LookaheadRanges, into result: IncrementalParseResult) -> IncrementalParseResult {
        guard isAvailable else { return result }
        var entries = unsafeBitCast(earlier, to: Entries.self)
        entries.merge(unsafeBitCast(result.lookaheadRanges, to: Entries.self)) { _, later in later }
        return IncrementalParseResult(tree: result.tree, lookaheadRanges: unsafeBitCast(entries, to: LookaheadRanges.self))
    }
}

/// The nodes a parse made, kept alive without its tree: its arena (which
/// keeps the arenas of the nodes it reused), not the tree's wrappers, which
/// an analysis of the whole tree makes for every node.
struct ParsedNodes: Sendable {
    private let arena: RetainedRawSyntaxArena

    init(_ result: IncrementalParseResult) {
        arena = result.tree.raw.arena
    }
}
