import SwiftSyntax

/// The platforms an `#if` branch compiles for (`#if os(macOS)`, the `#else`
/// of `#if os(iOS)`), so a finding in a branch the project builds for no
/// platform of is dropped: Go Map!! is an iOS app whose `#else` AppKit
/// fonts never compile.
enum PlatformBranch {
    /// nil where every platform compiles the node, or a condition says more than platforms.
    static func platforms(of node: some SyntaxProtocol) -> Set<Platform>? {
        var result: Set<Platform>?
        var current = node.parent
        while let candidate = current {
            if let clause = candidate.as(IfConfigClauseSyntax.self), let branch = platforms(of: clause) {
                result = result.map { $0.intersection(branch) } ?? branch
            }
            current = candidate.parent
        }
        return result
    }

    /// A clause's platforms; an `#else` / `#elseif` has those the clauses before it leave.
    private static func platforms(of clause: IfConfigClauseSyntax) -> Set<Platform>? {
        guard let clauses = clause.parent?.as(IfConfigClauseListSyntax.self) else { return nil }
        var left = Set(Platform.allCases)
        for sibling in clauses {
            let own = sibling.condition.map(platforms(in:)) ?? left
            guard let own else { return nil }
            if sibling.id == clause.id { return own.intersection(left) }
            left.subtract(own)
        }
        return nil
    }

    /// `os(iOS)`, `os(iOS) || os(visionOS)`, `canImport(AppKit)`; nil for anything else.
    private static func platforms(in condition: ExprSyntax) -> Set<Platform>? {
        if let sequence = condition.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count % 2 == 1 else { return nil }
            var union: Set<Platform> = []
            for (offset, element) in elements.enumerated() {
                if offset % 2 == 1 {
                    guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "||" else { return nil }
                } else {
                    guard let part = platforms(in: element) else { return nil }
                    union.formUnion(part)
                }
            }
            return union
        }
        guard let call = condition.as(FunctionCallExprSyntax.self), let test = call.calleeName, call.arguments.count == 1,
            let argument = call.arguments.first?.expression.trimmedDescription
        else { return nil }
        switch (test, argument) {
        case ("os", "iOS"): return [.iOS, .macCatalyst]
        case ("os", "macOS"), ("os", "OSX"), ("canImport", "AppKit"), ("canImport", "Cocoa"): return [.macOS]
        case ("os", "tvOS"): return [.tvOS]
        case ("os", "watchOS"), ("canImport", "WatchKit"): return [.watchOS]
        case ("os", "visionOS"), ("os", "xrOS"): return [.visionOS]
        case ("targetEnvironment", "macCatalyst"): return [.macCatalyst]
        case ("canImport", "UIKit"): return Platform.uiKit
        default: return nil
        }
    }
}
