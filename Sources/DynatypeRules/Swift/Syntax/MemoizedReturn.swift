import SwiftSyntax

/// A body that memoizes what it makes (anytype's `AnytypeFontBuilder.font`:
/// `if let cached = fontCache[key] { return cached }`, then makes the font,
/// stores it with `fontCache[key] = font` and returns it). The cached value
/// is one the body itself stored, so the value it returns is what the other
/// returns give; the cache read says nothing of its own.
struct MemoizedReturn {
    /// The collections the body writes: `cache[key] = x`, `cache.setObject(x, forKey:)`.
    private let filledCaches: Set<String>
    /// Locals bound to a read of a collection (`let cached = cache[key]`), by name: the collection.
    private let cacheReads: [String: String]

    init(_ body: CodeBlockItemListSyntax) {
        let scan = CacheScan(viewMode: .sourceAccurate)
        scan.walk(body)
        filledCaches = scan.filled
        cacheReads = scan.reads
    }

    /// `returned` without the reads of a cache the body fills, unless nothing else is returned.
    func dropping(from returned: [ExprSyntax]) -> [ExprSyntax] {
        guard !filledCaches.isEmpty else { return returned }
        let made = returned.filter { !isCacheRead($0) }
        return made.isEmpty ? returned : made
    }

    private func isCacheRead(_ expression: ExprSyntax) -> Bool {
        let value = expression.unwrapped
        if let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text, let cache = cacheReads[name] {
            return filledCaches.contains(cache)
        }
        return CacheScan.readCollection(value).map(filledCaches.contains) ?? false
    }
}

private final class CacheScan: SyntaxVisitor {
    var filled: Set<String> = []
    var reads: [String: String] = [:]

    /// The collection `cache[key]` or `cache.object(forKey: key)` reads, by its text.
    static func readCollection(_ expression: ExprSyntax) -> String? {
        var value = expression.unwrapped
        if let cast = value.as(AsExprSyntax.self) { value = cast.expression.unwrapped }
        if let subscriptCall = value.as(SubscriptCallExprSyntax.self) { return subscriptCall.calledExpression.trimmedDescription }
        if let call = value.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "object", call.arguments.first?.label?.text == "forKey", let base = member.base
        {
            return base.trimmedDescription
        }
        return nil
    }

    /// `cache[key] = x`, as the parser leaves it (unfolded).
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let target = elements[0].as(SubscriptCallExprSyntax.self) {
            filled.insert(target.calledExpression.trimmedDescription)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "setObject",
            let base = member.base
        {
            filled.insert(base.trimmedDescription)
        }
        return .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value,
            let cache = Self.readCollection(value)
        {
            reads[name] = cache
        }
        return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.name, let value = node.initializer?.value, let cache = Self.readCollection(value) {
            reads[name] = cache
        }
        return .visitChildren
    }
}
