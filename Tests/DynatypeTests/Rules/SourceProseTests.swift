@testable import DynatypeRules
import SwiftParser
import SwiftSyntax
import Testing

/// The prefilter reads comments and string literals apart from code: what
/// it takes for prose must be prose to the compiler, or it could skip a file
/// with findings.
@Suite struct SourceProseTests {
    /// Lines where a string, a raw string, an interpolation, a key path or a
    /// regex literal holds what looks like the start of a comment.
    static let awkward = [
        "let url = \"https://example.com\"; Text(url) // a link",
        "let s = \"\\(flag ? \"//\" : \"/*\")\" ; Text(s).font(.system(size: 9))",
        "let raw = #\"a\"b // c\"#; Text(raw)",
        "let escaped = \"\\\\\" // Text after an escaped backslash",
        "let quoted = \"say \\\"hi // there\\\"\"; Text(quoted)",
        "let multi = \"\"\"\n    // not a comment\n    /* nor this\n    \\(Text(\"x\"))\n    \"\"\"\nlet after = Text(\"y\")",
        "let paths = items.map(\\.title) // key path, then a comment",
        "let regex = /a\\/\\/b/; Text(\"z\")",
        "let extended = #/a//b/#; Text(\"z\")",
        "/* outer /* inner */ still outer */ Text(\"a\")",
        "/// Documentation\n/** More */\nstruct V: View { var body: some View { Text(\"a\") /* inline */ } }",
        "let unfinished = \"no end // Text\nlet next = 1 // done",
        "/* never closed\nText(\"a\")",
        "let division = a / b /* why */ / c // end\r\nlet crlf = 1 // line two",
        // Found by review: quotes in a regex literal, `"""` that opens no
        // multi-line string, a comment opening on an unsure line.
        "let quote = /\"/, accepted = \"image/*\"\nstruct B: View { var body: some View { Text(\"N\").font(.system(size: 11)) } }",
        "let u = s.replacing(/\"/, with: \"\"); Text(\"https://a.b\").font(.system(size: 9))",
        "let mark = #\"\"\"#\nlet w = \"\"\"\n    Hi\n    \"\"\"\nlet t = Text(w).font(.system(size: 12))\nlet g = \"\"\"\n    Bye\n    \"\"\"",
        "let r = #\"\"\"\n    Use \"\"\" here\n    \"\"\"#\nlet t = Text(r)\nlet s = \"\"\"\n    x\n    \"\"\"",
        "let m = \"\"\"\n    \\(Text(\"\"\"\n      x\n      \"\"\").font(.system(size: 12)))\n    \"\"\"",
        "let n = xs.map(\\.name) // wrap in \"\"\" below\nlet t = Text(\"a\")\nlet s = \"\"\"\n  y\n  \"\"\"",
        "let k = \\Item.name /* see\n   the \"legacy */ Text(\"a\").font(.system(size: 12)) // \"",
        "let e = #/\n  ^/*\n  /#\nlet t = Text(\"a\").font(.system(size: 12))",
    ]

    @Test func everyProseFoundIsCommentOrStringTextToTheParser() {
        var sources = Self.awkward + EquivalenceTests.sources
        for source in EquivalenceTests.sources.prefix(80) {
            let lines = source.components(separatedBy: "\n")
            sources += EquivalenceTests.edits.map { $0.apply(lines).joined(separator: "\n") }
        }
        var found = 0
        for source in sources {
            let bytes = Array(source.utf8)
            let prose = bytes.withUnsafeBufferPointer { SourceProse.ranges(in: $0) }
            let truth = Self.proseBytes(of: Parser.parse(source: source), count: bytes.count)
            for range in prose {
                #expect(range.allSatisfy { truth[$0] }, "not prose: \(String(decoding: bytes[range], as: UTF8.self)) in\n\(source)")
            }
            found += prose.count
        }
        #expect(found > 2_000)
    }

    @Test func findsTheProseOfOrdinaryCode() {
        let source = """
            // header
            struct V { /* a */ let x = "one" // b
            /// doc
            let y = "two \\(x)", z = \"\"\"
              three
              \"\"\"
            }
            """
        let found = Array(source.utf8).withUnsafeBufferPointer { SourceProse.ranges(in: $0) }
        let texts = found.map { String(decoding: Array(source.utf8)[$0], as: UTF8.self) }
        #expect(texts == ["// header", "/* a */", "one", "// b", "/// doc"])
    }

    /// Which bytes the parser puts in comment trivia or in the text of a
    /// string literal (tokens, so strings in code it could not make sense of count too).
    private static func proseBytes(of tree: SourceFileSyntax, count: Int) -> [Bool] {
        var isProse = [Bool](repeating: false, count: count)
        for token in tree.tokens(viewMode: .sourceAccurate) {
            if case .stringSegment = token.tokenKind {
                for index in token.positionAfterSkippingLeadingTrivia.utf8Offset..<min(count, token.endPositionBeforeTrailingTrivia.utf8Offset) {
                    isProse[index] = true
                }
            }
            for (trivia, start) in [(token.leadingTrivia, token.position), (token.trailingTrivia, token.endPositionBeforeTrailingTrivia)] {
                var offset = start.utf8Offset
                for piece in trivia {
                    let length = piece.sourceLength.utf8Length
                    switch piece {
                    case .lineComment, .blockComment, .docLineComment, .docBlockComment:
                        for index in offset..<min(count, offset + length) { isProse[index] = true }
                    default: break
                    }
                    offset += length
                }
            }
        }
        return isProse
    }
}
