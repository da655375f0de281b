import DynatypeRules
import SwiftSyntax

/// Finds a finding's code in a file's syntax tree and turns its replacement
/// into an edit. The rule decided what to write (the report's replacement);
/// this decides only where it goes, and declines where writing it would not
/// be mechanical: code it cannot find as reported, a failable font that is
/// not unwrapped, a frame with more than a size and alignment, a clamp that
/// is no range.
struct FixLocator {
    let tree: SourceFileSyntax
    let bytes: [UInt8]
    let lines: LineTable

    init(tree: SourceFileSyntax, bytes: [UInt8]) {
        self.tree = tree
        self.bytes = bytes
        lines = LineTable(bytes)
    }

    /// The finding's edit, and the deletions of the locals it leaves unread.
    func edits(for finding: Finding) -> [FixEdit] {
        guard let edit = edit(for: finding) else { return [] }
        return [edit] + UnusedLocals(tree: tree, bytes: bytes).declarations(leftUnusedBy: edit)
    }

    private func edit(for finding: Finding) -> FixEdit? {
        guard let strategy = FixableRules.strategies[finding.rule], let replacement = finding.replacement,
            let node = node(of: finding)
        else { return nil }
        switch strategy {
        case .replace: return replace(node, with: replacement, finding: finding)
        case .insertAfterStatement: return insert(replacement, after: node, finding: finding)
        case .widenRange: return widen(node, like: replacement, finding: finding)
        }
    }

    /// The smallest node around the finding's position whose text from there
    /// is the finding's code. A modifier is reported at its name while its
    /// code starts at the `.` before it, inside the call that holds its base.
    private func node(of finding: Finding) -> (syntax: Syntax, range: Range<Int>)? {
        guard let position = lines.offset(line: finding.position.line, column: finding.position.column),
            let token = tree.token(at: AbsolutePosition(utf8Offset: position)),
            token.positionAfterSkippingLeadingTrivia.utf8Offset == position
        else { return nil }
        var offset = position
        if finding.current.hasPrefix("."), token.tokenKind != .period, let period = token.previousToken(viewMode: .sourceAccurate),
            period.tokenKind == .period, period.endPositionBeforeTrailingTrivia.utf8Offset == position
        {
            offset = period.positionAfterSkippingLeadingTrivia.utf8Offset
        }
        let wanted = Self.squeezed(finding.current)
        var candidate: Syntax? = Syntax(token)
        while let node = candidate {
            let end = node.endPositionBeforeTrailingTrivia.utf8Offset
            if node.position.utf8Offset <= offset, end > offset {
                let text = Self.squeezed(String(decoding: bytes[offset..<end], as: UTF8.self))
                if text == wanted { return (node, offset..<end) }
                if text.count > wanted.count { return nil }
            }
            candidate = node.parent
        }
        return nil
    }

    private static func squeezed(_ code: String) -> String { code.filter { !$0.isWhitespace } }

    private func replace(_ found: (syntax: Syntax, range: Range<Int>), with replacement: String, finding: Finding) -> FixEdit? {
        switch finding.rule {
        case .fixedTextHeight:
            // The replacement restates the frame's width and alignment as a
            // flexible frame; a frame with anything else is not one it wrote.
            guard let call = found.syntax.as(FunctionCallExprSyntax.self),
                call.arguments.allSatisfy({ ["width", "height", "alignment"].contains($0.label?.text) })
            else { return nil }
        case .fixedUIKitFont:
            // `UIFont(name:size:)` is failable and its fix is not: the fix takes the place of a force unwrap too.
            if let call = found.syntax.as(FunctionCallExprSyntax.self), call.arguments.first?.label?.text == "name",
                let unwrap = found.syntax.parent?.as(ForceUnwrapExprSyntax.self)
            {
                let end = unwrap.endPositionBeforeTrailingTrivia.utf8Offset
                return FixEdit(range: found.range.lowerBound..<end, text: replacement, finding: finding)
            }
        default:
            break
        }
        return FixEdit(range: found.range, text: replacement, finding: finding)
    }

    /// A new statement on the line after the finding's, indented like it. The
    /// statement must have its lines to itself (not inside a one-line closure).
    private func insert(_ statement: String, after found: (syntax: Syntax, range: Range<Int>), finding: Finding) -> FixEdit? {
        guard let item = found.syntax.ancestorOrSelf(CodeBlockItemSyntax.self),
            let first = item.firstToken(viewMode: .sourceAccurate), let last = item.lastToken(viewMode: .sourceAccurate),
            Self.startsLine(first), Self.endsLine(last)
        else { return nil }
        let start = first.positionAfterSkippingLeadingTrivia.utf8Offset
        let lineStart = bytes[..<start].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let indentation = String(decoding: bytes[lineStart..<start], as: UTF8.self)
        guard indentation.allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
        let end = last.endPositionBeforeTrailingTrivia.utf8Offset
        guard let newline = bytes[end...].firstIndex(of: UInt8(ascii: "\n")) else {
            return FixEdit(range: bytes.count..<bytes.count, text: "\n\(indentation)\(statement)\n", finding: finding)
        }
        return FixEdit(range: (newline + 1)..<(newline + 1), text: "\(indentation)\(statement)\n", finding: finding)
    }

    private static func startsLine(_ token: TokenSyntax) -> Bool {
        token.leadingTrivia.contains { $0.isNewline } || token.previousToken(viewMode: .sourceAccurate) == nil
    }

    private static func endsLine(_ token: TokenSyntax) -> Bool {
        guard let next = token.nextToken(viewMode: .sourceAccurate) else { return true }
        return token.trailingTrivia.contains { $0.isNewline } || next.leadingTrivia.contains { $0.isNewline } || next.tokenKind == .endOfFile
    }

    /// `A ... X` keeps its lower bound and takes the report's upper one. A
    /// clamp with no lower bound, widened, allows every size: the modifier
    /// does nothing any more, so it goes (a reviewer rejects a no-op left
    /// behind that still reads like a clamp). A half-open range is not
    /// widened mechanically.
    private func widen(_ found: (syntax: Syntax, range: Range<Int>), like replacement: String, finding: Finding) -> FixEdit? {
        guard let call = found.syntax.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            let argument = call.arguments.first?.expression,
            let bound = replacement.range(of: "...").map({ String(replacement[$0.upperBound...].dropLast()) })
        else { return nil }
        if let prefix = argument.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "..." {
            return removal(of: found, finding: finding)
        }
        if argument.is(MemberAccessExprSyntax.self) { return removal(of: found, finding: finding) }
        guard let sequence = argument.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            sequence.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text == "...",
            let upper = sequence.elements.last
        else { return nil }
        let range = upper.positionAfterSkippingLeadingTrivia.utf8Offset..<upper.endPositionBeforeTrailingTrivia.utf8Offset
        return FixEdit(range: range, text: bound, finding: finding)
    }

    /// Deletes a modifier (`.name(…)`, from its period); the whole line when
    /// the modifier had it to itself.
    private func removal(of found: (syntax: Syntax, range: Range<Int>), finding: Finding) -> FixEdit? {
        guard bytes[found.range.lowerBound] == UInt8(ascii: ".") else { return nil }
        let lineStart = bytes[..<found.range.lowerBound].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let lineEnd = bytes[found.range.upperBound...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        if bytes[lineStart..<found.range.lowerBound].allSatisfy(blank), bytes[found.range.upperBound..<lineEnd].allSatisfy(blank) {
            return FixEdit(range: lineStart..<min(lineEnd + 1, bytes.count), text: "", finding: finding)
        }
        return FixEdit(range: found.range, text: "", finding: finding)
    }
}

extension SyntaxProtocol {
    /// This node or its nearest ancestor of a type.
    func ancestorOrSelf<T: SyntaxProtocol>(_ type: T.Type) -> T? {
        var current: Syntax? = Syntax(self)
        while let node = current {
            if let match = node.as(type) { return match }
            current = node.parent
        }
        return nil
    }
}
