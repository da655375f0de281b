@testable import DynatypeEngine
import SwiftParser
import SwiftSyntax
import Testing

/// Along a chain of incremental parses, the members of a type that one parse
/// reused whole are reused again by the next parse that edits the type, and
/// every tree is the tree a full parse gives.
@Suite struct InheritedLookaheadTests {
    static let v1 = "struct Card {\n  func a() {\n    print(1)\n  }\n  func b() {\n    print(2)\n  }\n}\n\nlet card = Card()\n"

    /// `old` with `text` replaced by `replacement`, and the edit.
    static func edit(_ old: String, _ text: String, _ replacement: String) -> (String, SourceEdit) {
        let range = old.range(of: text)!
        let offset = old.utf8.distance(from: old.startIndex, to: range.lowerBound)
        let edit = SourceEdit(
            range: AbsolutePosition(utf8Offset: offset)..<AbsolutePosition(utf8Offset: offset + text.utf8.count), replacement: replacement
        )
        return (old.replacingCharacters(in: range, with: replacement), edit)
    }

    static func parse(_ source: String, from previous: IncrementalParseResult?, _ edit: SourceEdit?, reused: @escaping (Syntax) -> Void = { _ in })
        -> IncrementalParseResult
    {
        guard let previous, let edit else { return Parser.parseIncrementally(source: source, parseTransition: nil) }
        let transition = IncrementalParseTransition(previousIncrementalParseResult: previous, edits: ConcurrentEdits(edit), reusedNodeCallback: reused)
        return InheritedLookahead.carrying(previous.lookaheadRanges, into: Parser.parseIncrementally(source: source, parseTransition: transition))
    }

    @Test func theMembersOfATypeReusedWholeAreReusedByTheNextEditOfIt() throws {
        #expect(InheritedLookahead.isAvailable)
        let first = Self.parse(Self.v1, from: nil, nil)
        // An edit outside the type: the parse reuses the type whole.
        let (v2, outside) = Self.edit(Self.v1, "Card()", "Card().shown")
        var reusedWhole: [String] = []
        let second = Self.parse(v2, from: first, outside) { reusedWhole.append($0.trimmedDescription) }
        #expect(reusedWhole.contains { $0.hasPrefix("struct Card") })
        // An edit inside `b`: `a` is reused, though the last parse only reused its type.
        let (v3, inside) = Self.edit(v2, "print(2)", "print(3)")
        var reused: [String] = []
        let third = Self.parse(v3, from: second, inside) { reused.append($0.trimmedDescription) }
        #expect(reused.contains { $0.hasPrefix("func a()") })
        for (result, source) in [(second, v2), (third, v3)] {
            #expect(result.tree.debugDescription == Parser.parse(source: source).debugDescription)
        }
    }
}
