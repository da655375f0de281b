import SwiftSyntax
import Foundation

/// Facts about one Swift file that every rule family consults, computed once.
final class FileContext {
    let tree: SourceFileSyntax
    let index: SyntaxIndex
    let converter: SourceLocationConverter
    /// Names of `@ScaledMetric` properties: a size built from one scales.
    let scaledMetricNames: Set<String>
    /// Implicit members such as `.systemFont(ofSize:)` are read as AppKit only in
    /// files that import AppKit and not UIKit.
    let prefersAppKit: Bool
    let importsUIKit: Bool
    /// Classes declared in this file that inherit a UIKit/AppKit text view
    /// (`PillLabel: UILabel`), with the text class they inherit.
    let textViewSubclasses: [String: String]

    init(tree: SourceFileSyntax, index: SyntaxIndex) {
        self.tree = tree
        self.index = index
        self.converter = SourceLocationConverter(fileName: "", tree: tree)
        self.scaledMetricNames = Set(index.scaledMetricProperties.flatMap { $0.variable.bindings.compactMap(\.name) })
        let appKit = index.imports.contains("AppKit") || index.imports.contains("Cocoa")
        self.importsUIKit = index.imports.contains("UIKit")
        self.prefersAppKit = appKit && !importsUIKit
        var subclasses: [String: String] = [:]
        // Two passes so a subclass of a subclass is found regardless of order.
        for _ in 0..<2 {
            for scope in index.typeScopes where scope.isClass {
                if let base = scope.inheritedTypes.lazy.compactMap({ UIKitVocabulary.textClass(named: $0, subclasses: subclasses) }).first {
                    subclasses[scope.name] = base
                }
            }
        }
        self.textViewSubclasses = subclasses
    }

    func position(of node: some SyntaxProtocol) -> SourcePosition {
        let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return SourcePosition(line: location.line, column: location.column)
    }

    /// `OrderCard.body`, `CheckoutViewController.viewDidLoad()`: the path of
    /// enclosing declarations, stable across line moves (used in fingerprints).
    func declarationPath(of node: some SyntaxProtocol) -> String {
        var components: [String] = []
        var current = node.parent
        while let candidate = current {
            if let scope = TypeScope(candidate) {
                components.append(scope.name)
            } else if let function = candidate.as(FunctionDeclSyntax.self) {
                components.append(function.name.text + "()")
            } else if candidate.is(InitializerDeclSyntax.self) {
                components.append("init()")
            } else if let binding = candidate.as(PatternBindingSyntax.self), let name = binding.name {
                components.append(name)
            }
            current = candidate.parent
        }
        return components.reversed().joined(separator: ".")
    }
}

/// Names of UIKit and AppKit text classes (RULES.md "Terms").
enum UIKitVocabulary {
    static let uiKitTextClasses: Set<String> = ["UILabel", "UIButton", "UITextField", "UITextView"]
    static let appKitTextClasses: Set<String> = ["NSTextField", "NSButton", "NSTextView"]

    static func textClass(named name: String, subclasses: [String: String]) -> String? {
        let bare = name.trimmingCharacters(in: CharacterSet(charactersIn: "!?"))
        if uiKitTextClasses.contains(bare) || appKitTextClasses.contains(bare) { return bare }
        return subclasses[bare]
    }

    static func isAppKit(_ textClass: String) -> Bool { appKitTextClasses.contains(textClass) }
}
