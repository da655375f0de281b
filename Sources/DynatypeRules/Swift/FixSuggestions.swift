import SwiftSyntax

/// The replacement code a report suggests for a fixed font, built from the
/// arguments of the constructor it replaces (size → nearest text style,
/// weight and design kept) [001 "Concrete fix"].
enum FixSuggestions {
    /// `.system(size: 14, weight: .bold, design: .rounded)` →
    /// `.system(.subheadline, design: .rounded, weight: .bold)`.
    static func swiftUISystem(_ call: FunctionCallExprSyntax) -> String {
        let weight = call.argument("weight")?.referencedName
        let design = call.argument("design")?.trimmedText
        let style = TextStyle.nearest(toPointSize: call.argument("size")?.numericValue, weight: weight)
        let prefix = call.isImplicitMemberCall ? "." : (call.calleeBase?.trimmedText ?? "Font") + "."
        let keepsWeight = weight.map { !(style == .headline && ["semibold", "bold"].contains($0)) } ?? false
        if let design {
            var arguments = ".\(style.rawValue), design: \(design)"
            if keepsWeight, let weight { arguments += ", weight: .\(weight)" }
            return "\(prefix)system(\(arguments))"
        }
        if keepsWeight, let weight { return "\(prefix)\(style.rawValue).weight(.\(weight))" }
        return "\(prefix)\(style.rawValue)"
    }

    /// `.custom("Name", fixedSize: 11)` or `.custom("Name", size: 15)` →
    /// `.custom("Name", size: 15, relativeTo: .subheadline)`.
    static func swiftUICustom(_ call: FunctionCallExprSyntax) -> String {
        let name = call.firstUnlabeledArgument?.trimmedText ?? "\"Name\""
        let sizeExpression = call.argument("size") ?? call.argument("fixedSize")
        let size = sizeExpression?.trimmedText ?? "17"
        let style = TextStyle.nearest(toPointSize: sizeExpression?.numericValue)
        let prefix = call.isImplicitMemberCall ? "." : (call.calleeBase?.trimmedText ?? "Font") + "."
        return "\(prefix)custom(\(name), size: \(size), relativeTo: .\(style.rawValue))"
    }

    /// A text style for a size given by a `@ScaledMetric`: the metric's default value decides.
    static func swiftUIStyle(for size: Double?) -> String {
        ".\(TextStyle.nearest(toPointSize: size).rawValue)"
    }

    /// UIKit: a plain system font becomes `preferredFont`; anything with a
    /// weight, trait or face keeps its face and is scaled by `UIFontMetrics`.
    static func uiKit(_ call: FunctionCallExprSyntax, original: ExprSyntax) -> String {
        let style = TextStyle.nearest(
            toPointSize: (call.argument("ofSize") ?? call.argument("size"))?.numericValue,
            weight: call.argument("weight")?.referencedName
        )
        if call.calleeName == "systemFont", call.arguments.count == 1 {
            return "UIFont.preferredFont(forTextStyle: .\(style.uiKitName))"
        }
        return "UIFontMetrics(forTextStyle: .\(style.uiKitName)).scaledFont(for: \(original.oneLine))"
    }

    /// AppKit has no `UIFontMetrics`: only a plain system font has a text
    /// style that keeps everything it had (the rule catalogue "Fixes keep weight,
    /// design and traits, or none is offered").
    static func appKit(_ call: FunctionCallExprSyntax) -> String? {
        guard call.calleeName == "systemFont", call.arguments.count == 1 else { return nil }
        let style = TextStyle.nearest(
            toPointSize: (call.argument("ofSize") ?? call.argument("size"))?.numericValue,
            weight: call.argument("weight")?.referencedName
        )
        return "NSFont.preferredFont(forTextStyle: .\(style.uiKitName))"
    }
}
