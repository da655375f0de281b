import SwiftSyntax

/// How a file is split for analysis and memoization:
/// - everything at file scope is one unit (a constant there may be wrapped by
///   `UIFontMetrics` in another statement);
/// - each member of a type (of the type and its extensions in the file) is a
///   unit of its own for the rule families that look no further than a
///   member, so editing one member re-analyzes only that member;
/// - the type as a whole is a unit for the families that look across its
///   members (UIKit views configured in several methods, `@ScaledMetric`).
struct FileUnits {
    struct TypeGroup {
        /// The type's declaration and extensions in the file (top-level items).
        let declarations: [Syntax]
        /// The members of all of them, in order.
        let members: [Syntax]
        let scopes: [TypeScope]
    }

    let fileScope: [Syntax]
    let groups: [TypeGroup]
    /// `PreviewProvider` types, audited by no rule.
    let previews: [Syntax]

    init(_ tree: SourceFileSyntax) {
        var fileScope: [Syntax] = []
        var previews: [Syntax] = []
        var declarations: [[Syntax]] = []
        var scopes: [[TypeScope]] = []
        var groupOf: [String: Int] = [:]
        for item in tree.statements {
            guard let decl = item.item.as(DeclSyntax.self), let scope = TypeScope(Syntax(decl)) else {
                fileScope.append(Syntax(item))
                continue
            }
            // Preview code is not audited by any rule.
            if scope.inheritedTypes.contains("PreviewProvider") {
                previews.append(Syntax(item))
                continue
            }
            if let index = groupOf[scope.name] {
                declarations[index].append(Syntax(item))
                scopes[index].append(scope)
            } else {
                groupOf[scope.name] = declarations.count
                declarations.append([Syntax(item)])
                scopes.append([scope])
            }
        }
        self.fileScope = fileScope
        self.previews = previews
        groups = zip(declarations, scopes).map { declarations, scopes in
            TypeGroup(declarations: declarations, members: scopes.flatMap { $0.memberBlock.members.map { Syntax($0) } }, scopes: scopes)
        }
    }
}

extension FileUnits.TypeGroup {
    /// What a member's analysis reads of the rest of its type, besides the
    /// properties it names (see `DeclaredNames`): the type's name and what
    /// it inherits, its initializers (a property every initializer sets to
    /// a literal is a constant), and — rarely — code that wraps a member
    /// constant in `UIFontMetrics`.
    func contextKey(source: [UInt8]) -> UInt64 {
        // The kind too: only a struct has a memberwise initializer.
        var hash = Fingerprint.fnv1a(scopes.map { "\($0.node.kind) \($0.name):" + $0.inheritedTypes.joined(separator: ",") }.joined(separator: ";"))
        for scope in scopes {
            for member in scope.memberBlock.members where member.decl.is(InitializerDeclSyntax.self) {
                hash = UnitKey.mix(hash, UnitKey.of([Syntax(member.decl)], source: source, lines: nil))
            }
        }
        if declarations.contains(where: { SourcePrefilter.contains("scaledFont", in: $0.bytes(of: source)) }) {
            for declaration in declarations { hash = UnitKey.mix(hash, UnitKey.of([declaration], source: source, lines: nil)) }
        }
        return hash
    }

    /// Every stored property of the type, for a member that reads them all
    /// whether it names them or not: a `ViewModifier`'s `body(content:)`
    /// and a stored size (`ViewSizeCollector.defineMemberwiseSizes`) take
    /// the memberwise initializer's parameters.
    func propertiesKey(source: [UInt8]) -> UInt64 {
        let properties = scopes.flatMap { $0.memberBlock.members.compactMap { $0.decl.as(VariableDeclSyntax.self).map(Syntax.init) } }
        return UnitKey.of(properties, source: source, lines: nil)
    }

    /// Whether a member reads every property of its type (see
    /// `propertiesKey`): a `body` function, a stored size without a value,
    /// or an `#if` block that may hold one.
    static func readsEveryProperty(_ member: Syntax) -> Bool {
        guard let decl = member.as(MemberBlockItemSyntax.self)?.decl else { return false }
        if let variable = decl.as(VariableDeclSyntax.self) { return !ViewSizeCollector.memberwiseSizes(in: variable).isEmpty }
        return decl.as(FunctionDeclSyntax.self)?.name.text == "body" || decl.is(IfConfigDeclSyntax.self)
    }
}

extension Syntax {
    /// This node's bytes of the file (without its leading and trailing trivia).
    func bytes(of source: [UInt8]) -> ArraySlice<UInt8> {
        let start = min(positionAfterSkippingLeadingTrivia.utf8Offset, source.count)
        let end = min(max(start, endPositionBeforeTrailingTrivia.utf8Offset), source.count)
        return source[start..<end]
    }
}

/// Memo keys: the bytes of some nodes and where each starts, so equal keys
/// mean equal code at equal columns.
enum UnitKey {
    static func of(_ nodes: [Syntax], source: [UInt8], lines: LineTable?) -> UInt64 {
        var hash = fnv([])
        for node in nodes {
            let column = lines?.location(for: node.positionAfterSkippingLeadingTrivia).column ?? 0
            hash = fnv("\(column):".utf8, continuing: hash)
            hash = fnv(node.bytes(of: source), continuing: hash)
            hash = fnv([0xFF], continuing: hash)
        }
        return hash
    }

    /// FNV-1a over some bytes, from `hash` (the offset basis to start).
    static func fnv(_ bytes: some Sequence<UInt8>, continuing hash: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var hash = hash
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 { (a ^ (b &* 0x9E37_79B9_7F4A_7C15)) &* 0x100_0000_01b3 }
}

/// Maps absolute positions to (node, line within node) and back, so a
/// memoized result follows its code when lines above it change.
struct Anchors {
    let startLines: [Int]
    let endLines: [Int]

    init(_ nodes: [Syntax], lines: LineTable) {
        startLines = nodes.map { lines.location(for: $0.positionAfterSkippingLeadingTrivia).line }
        endLines = nodes.map { lines.location(for: $0.endPositionBeforeTrailingTrivia).line }
    }

    private static let stride = 10_000_000

    func relative(_ position: SourcePosition) -> SourcePosition {
        let node = startLines.indices.last { startLines[$0] <= position.line && position.line <= endLines[$0] } ?? 0
        return SourcePosition(line: node * Self.stride + position.line - startLines[node], column: position.column)
    }

    func absolute(_ position: SourcePosition) -> SourcePosition {
        SourcePosition(line: startLines[position.line / Self.stride] + position.line % Self.stride, column: position.column)
    }
}
