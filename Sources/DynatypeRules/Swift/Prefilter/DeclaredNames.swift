import SwiftSyntax

/// What a unit's analysis may read beyond its own code, by name: a member
/// resolves `titleSize` to its type's property and reads its value, code
/// reads `Metrics.rowHeight` of another type of the file or a file-scope
/// constant. So a unit's memo key takes the declarations of the names its
/// code mentions, and of the names those mention: editing a property
/// re-analyzes the units that could read it, and only them.
///
/// The names are properties declared outside any body (members of the
/// file's types, file-scope constants, both also inside `#if`) and types.
/// They are matched by identifier anywhere in a unit's bytes, comments and
/// strings included, which can only add to a key.
struct DeclaredNames {
    private struct Declarations {
        var hash: UInt64 = 0
        var mentions: [UInt64] = []
        /// Where those at file scope start: a unit sees the ones before it.
        var fileScopeStarts: [Int] = []
    }

    /// By the hash of the name.
    private let byName: [UInt64: Declarations]

    private let source: [UInt8]
    private let memo: AnalysisMemo

    init(_ tree: SourceFileSyntax, source: [UInt8], memo: AnalysisMemo) {
        let collector = Collector(source: source, memo: memo)
        collector.walk(tree)
        collector.finish()
        byName = collector.byName
        self.source = source
        self.memo = memo
    }

    /// The declarations the nodes could read, for their memo key.
    func key(of nodes: [Syntax]) -> UInt64 {
        var pending = nodes.flatMap { Self.digest(of: $0, source: source, memo: memo).mentions }
        var reached = Set<UInt64>()
        while let name = pending.popLast() {
            guard let declarations = byName[name], reached.insert(name).inserted else { continue }
            pending += declarations.mentions
        }
        let start = nodes.first?.position.utf8Offset ?? 0
        return reached.sorted().reduce(0) { key, name in
            let declarations = byName[name]!
            let before = declarations.fileScopeStarts.count { $0 < start }
            return UnitKey.mix(UnitKey.mix(UnitKey.mix(key, name), declarations.hash), UInt64(before))
        }
    }

    /// A declaration's or a unit's digest, from the memo when its bytes are
    /// unchanged: a one-line edit re-reads one declaration, not the file.
    private static func digest(of node: Syntax, source: [UInt8], memo: AnalysisMemo) -> DeclarationDigest {
        memo.digest(of: node.bytes(of: source)) {
            DeclarationDigest(code: codeHash(of: node, source: source), mentions: Array(Set(mentions(in: node.bytes(of: source)))))
        }
    }

    /// The node's tokens, without comments and blanks: what a reader of it
    /// sees (a comment added in a view's `body` re-analyzes nothing that
    /// names `body`).
    private static func codeHash(of node: Syntax, source: [UInt8]) -> UInt64 {
        var hash = UnitKey.fnv([])
        for token in node.tokens(viewMode: .sourceAccurate) {
            let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = min(source.count, max(start, token.endPositionBeforeTrailingTrivia.utf8Offset))
            // A blank after each token, so `a b` and `ab` differ.
            hash = UnitKey.fnv([0x20], continuing: UnitKey.fnv(source[start..<end], continuing: hash))
        }
        return hash
    }

    /// The hashes of the identifiers in some bytes; `_name` (a wrapper's
    /// storage) also mentions `name`, and `$name` mentions it as it is.
    private static func mentions(in bytes: ArraySlice<UInt8>) -> [UInt64] {
        var found: [UInt64] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard isIdentifierByte(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.endIndex, isIdentifierByte(bytes[index]) { index += 1 }
            found.append(UnitKey.fnv(bytes[start..<index]))
            if bytes[start] == 0x5F, index - start > 1 { found.append(UnitKey.fnv(bytes[(start + 1)..<index])) }
        }
        return found
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte >= 0x80
    }

    /// Properties and types declared outside bodies (bodies' locals are
    /// their own unit's code).
    private final class Collector: SyntaxVisitor {
        let source: [UInt8]
        let memo: AnalysisMemo
        var byName: [UInt64: Declarations] = [:]

        init(source: [UInt8], memo: AnalysisMemo) {
            self.source = source
            self.memo = memo
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        /// A declaration's bytes and where it is: lookups search a type's own
        /// members, not its extensions' or its `#if` blocks'.
        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            let digest = DeclaredNames.digest(of: Syntax(node), source: source, memo: memo)
            let hash = UnitKey.mix(digest.code, places.last ?? 0)
            for binding in node.bindings {
                guard let name = binding.name else { continue }
                add(name, hash: hash, mentions: digest.mentions, fileScopeStart: typeDepth == 0 ? node.position.utf8Offset : nil)
            }
            return .skipChildren
        }

        /// Where the walk is, as a hash of the enclosing types, extensions and
        /// `#if` clauses: lookups search a type's own members, not its
        /// extensions' or its `#if` blocks', and a nested type of a name hides another.
        private var places: [UInt64] = []
        private var typeDepth = 0

        private func enter(_ place: String, type name: String? = nil) -> SyntaxVisitorContinueKind {
            places.append(UnitKey.mix(places.last ?? 0, UnitKey.fnv(place.utf8)))
            typeDepth += 1
            if let name { add(name, hash: places.last!, mentions: []) }
            return .visitChildren
        }

        private func leave() {
            places.removeLast()
            typeDepth -= 1
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter("type " + node.name.text, type: node.name.text) }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter("type " + node.name.text, type: node.name.text) }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter("type " + node.name.text, type: node.name.text) }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter("type " + node.name.text, type: node.name.text) }
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { enter("protocol " + node.name.text) }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { enter("extension " + node.extendedType.trimmedDescription) }
        override func visitPost(_ node: StructDeclSyntax) { leave() }
        override func visitPost(_ node: ClassDeclSyntax) { leave() }
        override func visitPost(_ node: EnumDeclSyntax) { leave() }
        override func visitPost(_ node: ActorDeclSyntax) { leave() }
        override func visitPost(_ node: ProtocolDeclSyntax) { leave() }
        override func visitPost(_ node: ExtensionDeclSyntax) { leave() }

        // A clause is no type: what it declares at file scope stays at file scope.
        override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
            places.append(UnitKey.mix(places.last ?? 0, UnitKey.fnv((node.poundKeyword.text + " " + (node.condition?.trimmedDescription ?? "")).utf8)))
            return .visitChildren
        }

        override func visitPost(_ node: IfConfigClauseSyntax) { places.removeLast() }

        /// Each declaration's mentions, once each and only of declared names.
        func finish() {
            let declared = Set(byName.keys)
            for key in byName.keys { byName[key]!.mentions = Array(Set(byName[key]!.mentions).intersection(declared)) }
        }

        private func add(_ name: String, hash: UInt64, mentions: [UInt64], fileScopeStart: Int? = nil) {
            let key = UnitKey.fnv(name.utf8.filter { $0 != 0x60 })
            var declarations = byName[key] ?? Declarations()
            declarations.hash = UnitKey.mix(declarations.hash, hash)
            declarations.mentions += mentions
            if let fileScopeStart { declarations.fileScopeStarts.append(fileScopeStart) }
            byName[key] = declarations
        }
    }
}
