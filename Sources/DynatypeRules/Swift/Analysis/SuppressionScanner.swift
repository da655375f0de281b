import SwiftSyntax
import Foundation

/// Finds `// dynatype:…` comments in a file's trivia, so text in string
/// literals never counts (the rule catalogue "Suppression comments").
enum SuppressionScanner {
    static let marker = "dynatype:"

    static func scan(_ tree: SourceFileSyntax, lines: LineTable) -> [Suppression] {
        var found: [Suppression] = []
        for token in tree.tokens(viewMode: .sourceAccurate) {
            var offset = token.position
            for piece in token.leadingTrivia {
                collect(piece, at: offset, lines, into: &found)
                offset = offset.advanced(by: piece.sourceLength.utf8Length)
            }
            offset = token.endPositionBeforeTrailingTrivia
            for piece in token.trailingTrivia {
                collect(piece, at: offset, lines, into: &found)
                offset = offset.advanced(by: piece.sourceLength.utf8Length)
            }
        }
        return found
    }

    private static func collect(_ piece: TriviaPiece, at offset: AbsolutePosition, _ lines: LineTable, into found: inout [Suppression]) {
        guard case .lineComment(let text) = piece, text.contains(marker) else { return }
        let location = lines.location(for: offset)
        if let suppression = parse(text, at: SourcePosition(line: location.line, column: location.column)) {
            found.append(suppression)
        }
    }

    /// Parses `dynatype:disable:next rule other - reason` (the comment text,
    /// from any comment syntax).
    static func parse(_ comment: String, at position: SourcePosition) -> Suppression? {
        guard let start = comment.range(of: marker) else { return nil }
        var body = comment[start.upperBound...]
        var reason: String?
        if let dash = body.range(of: " - ") {
            reason = body[dash.upperBound...].trimmingCharacters(in: .whitespaces)
            body = body[..<dash.lowerBound]
        }
        var words = body.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { return nil }
        let command = words.removeFirst().split(separator: ":").map(String.init)
        let scope: Suppression.Scope
        switch (command.first, command.count > 1 ? command[1] : nil) {
        case ("disable", nil): scope = .disable
        case ("enable", nil): scope = .enable
        case ("disable", "next"): scope = .next
        case ("disable", "this"): scope = .this
        case ("disable", "previous"): scope = .previous
        default: return nil
        }
        if let closing = words.last, closing == "-->" || closing == "*/" { words.removeLast() }
        guard !words.isEmpty else { return nil }
        return Suppression(scope: scope, rules: words, reason: reason?.replacingOccurrences(of: "-->", with: "").trimmingCharacters(in: .whitespaces), position: position)
    }
}

extension SuppressionScanner: RuleFamily {
    /// Reported when the file's findings are resolved against the suppressions found here.
    static let triggers: [Trigger] = [.commentMarker(marker)]
}
