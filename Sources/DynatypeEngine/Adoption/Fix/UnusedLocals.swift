import SwiftSyntax

/// The locals a fix leaves unused. A fix that reads a style's default size
/// instead of `descriptor.pointSize` leaves `let descriptor = …` behind, a
/// new compiler warning a reviewer sends back; such a declaration goes with
/// the fix when every read of it was in the replaced code and its value only
/// reads (a descriptor, a size, a font). The locals its value read are
/// followed in turn.
struct UnusedLocals {
    let tree: SourceFileSyntax
    let bytes: [UInt8]

    /// Deletions of the declarations `edit` leaves unread, whole lines each.
    func declarations(leftUnusedBy edit: FixEdit) -> [FixEdit] {
        var gone = [edit.range]
        var deletions: [FixEdit] = []
        var pending = references(in: edit.range)
        var seen: Set<SyntaxIdentifier> = []
        while let reference = pending.popLast() {
            let name = reference.baseName.text
            guard !Self.mentions(edit.text, name), let declaration = Self.declaration(of: name, readBy: reference),
                seen.insert(declaration.item.id).inserted, Self.onlyReads(declaration.value),
                readers(of: name, after: declaration.item).allSatisfy({ reader in gone.contains { $0.contains(reader) } }),
                let lines = ownLines(of: declaration.item)
            else { continue }
            gone.append(lines)
            deletions.append(FixEdit(range: lines, text: "", finding: edit.finding))
            pending += references(in: declaration.value.position.utf8Offset..<declaration.value.endPosition.utf8Offset)
        }
        return deletions
    }

    /// Names read in a range of the file (not members: `x` of `x.pointSize`, never `pointSize`).
    private func references(in range: Range<Int>) -> [DeclReferenceExprSyntax] {
        tree.descendants(DeclReferenceExprSyntax.self).filter { reference in
            range.contains(reference.positionAfterSkippingLeadingTrivia.utf8Offset)
                && reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id
        }
    }

    /// Where `name` is read in the statements after its declaration.
    private func readers(of name: String, after item: CodeBlockItemSyntax) -> [Int] {
        guard let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return [Int.min] }
        // Not `list.filter`: a syntax collection's filter is a new, detached collection with other positions.
        var offsets: [Int] = []
        for later in list where later.position > item.position {
            offsets += later.descendants(DeclReferenceExprSyntax.self).filter {
                $0.baseName.text == name && $0.parent?.as(MemberAccessExprSyntax.self)?.declName.id != $0.id
            }.map(\.positionAfterSkippingLeadingTrivia.utf8Offset)
        }
        return offsets
    }

    /// The nearest `let name = value` before the reference, in the blocks around it.
    private static func declaration(of name: String, readBy reference: DeclReferenceExprSyntax) -> (item: CodeBlockItemSyntax, value: ExprSyntax)? {
        var current = Syntax(reference)
        while let parent = current.parent {
            defer { current = parent }
            guard let list = parent.as(CodeBlockItemListSyntax.self) else { continue }
            for item in list.reversed() where item.position < current.position {
                guard let variable = item.item.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.let),
                    variable.bindings.count == 1, let binding = variable.bindings.first,
                    binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name, let value = binding.initializer?.value
                else { continue }
                return (item, value)
            }
        }
        return nil
    }

    /// A value with no effects: reads of names and members, arithmetic,
    /// literals, and calls of the font and number APIs that only compute.
    private static func onlyReads(_ value: ExprSyntax) -> Bool {
        let nodes = [Syntax(value)] + value.descendants(Syntax.self)
        return nodes.allSatisfy { node in
            switch node.kind {
            case .closureExpr, .tryExpr, .awaitExpr, .assignmentExpr: return false
            case .functionCallExpr: return pureCalls.contains(FunctionCallExprSyntax(node)!.calleeName ?? "")
            default: return true
            }
        }
    }

    private static let pureCalls: Set<String> = [
        "preferredFontDescriptor", "preferredFont", "withSymbolicTraits", "withDesign", "withSize", "addingAttributes",
        "systemFont", "boldSystemFont", "italicSystemFont", "monospacedSystemFont", "monospacedDigitSystemFont",
        "UIFont", "NSFont", "UIFontMetrics", "scaledFont", "scaledValue", "CGFloat", "Double", "Float", "Int", "min", "max",
    ]

    private static func mentions(_ code: String, _ name: String) -> Bool {
        code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).contains { $0 == name }
    }

    /// The bytes of the lines the statement has to itself, newline and a
    /// comment after it included (it is about the statement); nil when it
    /// shares a line with code.
    private func ownLines(of item: CodeBlockItemSyntax) -> Range<Int>? {
        let start = item.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = item.endPositionBeforeTrailingTrivia.utf8Offset
        let lineStart = bytes[..<start].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        guard bytes[lineStart..<start].allSatisfy(Self.isBlank), let newline = bytes[end...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let rest = bytes[end..<newline].drop { Self.isBlank($0) || $0 == UInt8(ascii: ";") }
        guard rest.isEmpty || rest.starts(with: Array("//".utf8)) else { return nil }
        return lineStart..<(newline + 1)
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
}
