import Foundation
import SwiftSyntax

/// The replacement code a report suggests for a fixed font, built from the
/// arguments of the constructor it replaces (size → nearest text style,
/// weight and design kept), so the fix can be pasted in place.
enum FixSuggestions {
    /// `.system(size: 14, weight: .bold, design: .rounded)` →
    /// `.system(.subheadline, design: .rounded, weight: .bold)`. A weight
    /// that is not one name (`bold ? .bold : .regular`) is kept as written.
    static func swiftUISystem(_ call: FunctionCallExprSyntax, size: PointSizeEstimate?, onMacOS: Bool = false) -> String {
        // The defaults (`.regular` weight, `.default` design) say nothing a text style does not.
        let weight = call.argument("weight").flatMap { $0.referencedName == "regular" ? nil : $0 }
        let weightName = weight?.referencedName
        let design = call.argument("design").flatMap { $0.referencedName == "default" ? nil : $0.trimmedText }
        let style = size?.anchor
            ?? (onMacOS ? TextStyle.nearestOnMacOS(toPointSize: size?.points, weight: weightName) : TextStyle.nearest(toPointSize: size?.points, weight: weightName))
        let prefix = writtenPrefix(of: call)
        let impliedByStyle = style == .headline && ["semibold", "bold"].contains(weightName ?? "")
        let keptWeight = impliedByStyle ? nil : weight.map { $0.referencedName.map { ".\($0)" } ?? $0.oneLine }
        if let design {
            // `system(_:design:weight:)` needs iOS 16 / macOS 13; `system(_:design:)` and `.weight(_:)` do not.
            let styled = "\(prefix)system(.\(style.rawValue), design: \(design))"
            return keptWeight.map { "\(styled).weight(\($0))" } ?? styled
        }
        if let keptWeight { return "\(prefix)\(style.rawValue).weight(\(keptWeight))" }
        return "\(prefix)\(style.rawValue)"
    }

    /// Above 34 pt no text style fits (a 48 pt emoji, a 135 pt banner would
    /// shrink to `.largeTitle`'s 34): the size is kept and scaled by a
    /// `@ScaledMetric` relative to `.largeTitle`. That needs a property on
    /// the view, so it is advice, not a replacement `fix` can paste.
    static func swiftUIDisplaySize(_ call: FunctionCallExprSyntax, size: PointSizeEstimate?, onMacOS: Bool = false) -> String? {
        let largest = onMacOS ? TextStyle.largeTitle.macOSPointSize : TextStyle.largeTitle.pointSize
        guard let points = size?.points, size?.anchor == nil, points > largest else { return nil }
        let written = points == points.rounded() ? String(Int(points)) : String(points)
        let name = "displaySize\(written.replacingOccurrences(of: ".", with: "_"))"
        return "keep the display size and scale it: " + scaledMetricAdvice(call, property: name, value: written, relativeTo: .largeTitle)
    }

    /// watchOS's text styles have their own sizes (its `.body` is not iOS's
    /// 17 pt), so a size from iOS's table would change the watch layout: the
    /// size is kept and scaled with the body style.
    static func swiftUIWatchOSSize(_ call: FunctionCallExprSyntax, size: PointSizeEstimate) -> String {
        "watchOS text styles have their own sizes: keep the size and scale it: "
            + scaledMetricAdvice(call, property: "size", value: size.text, relativeTo: .body)
    }

    /// A fix that scales a size SwiftUI has no style for needs a property on
    /// the view: `@ScaledMetric` and the constructor with its other arguments kept.
    private static func scaledMetricAdvice(_ call: FunctionCallExprSyntax, property: String, value: String, relativeTo style: TextStyle) -> String {
        let kept = call.arguments.filter { $0.label?.text != "size" }.map { ", " + $0.trimmedDescription.trimmingCharacters(in: [","]) }
        return "add `@ScaledMetric(relativeTo: .\(style.rawValue)) private var \(property): CGFloat = \(value)` "
            + "and use `\(writtenPrefix(of: call))system(size: \(property)\(kept.joined()))`"
    }

    /// A size only the running code knows (geometry, a parameter, another
    /// type's value): no text style stands for it, so it is scaled, not replaced.
    static func swiftUIRunTimeSize(_ call: FunctionCallExprSyntax) -> String {
        let size = call.argument("size")?.oneLine ?? "size"
        return "the size is not known here (computed when the code runs, or defined elsewhere): scale it "
            + "(`@ScaledMetric(relativeTo:)` where it is made, or `UIFontMetrics.default.scaledValue(for: \(size))`) rather than replace it with a text style"
    }

    /// A multiple of a text style's size (`base.pointSize * 0.6`) has no text
    /// style of its own: it is kept and scaled relative to the style it was
    /// read from, which needs a property on the view (advice, not a paste).
    static func swiftUIScaledMultiple(_ call: FunctionCallExprSyntax, size: PointSizeEstimate, style: TextStyle) -> String {
        "keep the multiple and scale it with the style: " + scaledMetricAdvice(call, property: "size", value: size.text, relativeTo: style)
    }

    /// `.custom("Name", fixedSize: 11)` or `.custom("Name", size: 15)` →
    /// `.custom("Name", size: 15, relativeTo: .subheadline)`.
    static func swiftUICustom(_ call: FunctionCallExprSyntax, size: PointSizeEstimate?, onMacOS: Bool = false) -> String {
        let name = call.firstUnlabeledArgument?.trimmedText ?? "\"Name\""
        let sizeExpression = call.argument("size") ?? call.argument("fixedSize")
        let sizeText = size?.anchor != nil ? size!.text : (sizeExpression?.trimmedText ?? "17")
        let style = size?.anchor ?? (onMacOS ? TextStyle.nearestOnMacOS(toPointSize: size?.points) : TextStyle.nearest(toPointSize: size?.points))
        return "\(writtenPrefix(of: call))custom(\(name), size: \(sizeText), relativeTo: .\(style.rawValue))"
    }

    /// The call's receiver as written: `.` for an implicit member, `Font.` or
    /// `SwiftUI.Font.`, or nothing for a bare `custom(…)` inside a `Font`
    /// extension (where `Font` may name another type: SwiftGen's `typealias
    /// Font = UIFont` shadows SwiftUI's in its module).
    private static func writtenPrefix(of call: FunctionCallExprSyntax) -> String {
        if call.isImplicitMemberCall { return "." }
        return call.calleeBase.map { $0.trimmedText + "." } ?? ""
    }

    /// A text style for a size given by a `@ScaledMetric`: the metric's default value decides.
    static func swiftUIStyle(for size: Double?) -> String {
        ".\(TextStyle.nearest(toPointSize: size).rawValue)"
    }

    /// UIKit: a plain system font of a known size becomes `preferredFont`;
    /// anything with a weight, trait or face, a size known only at run time
    /// (a helper's `size` parameter, which `preferredFont` would drop) or a
    /// size derived from a text style's size (`preferredFont(…).pointSize * 0.7`)
    /// keeps it and is scaled by `UIFontMetrics` for that style, from the
    /// style's default size.
    static func uiKit(_ call: FunctionCallExprSyntax, size: PointSizeEstimate?) -> String {
        let style = size?.anchor ?? TextStyle.nearest(toPointSize: size?.points, weight: call.argument("weight")?.referencedName)
        let derived = size.map { $0.anchor != nil && $0.points != style.pointSize } ?? false
        // A display size (over 34 pt) keeps its size, scaled relative to `.largeTitle`.
        let display = (size?.points ?? 0) > TextStyle.largeTitle.pointSize
        if call.calleeName == "systemFont", call.arguments.count == 1, size != nil, !derived, !display {
            return "UIFont.preferredFont(forTextStyle: .\(style.uiKitName))"
        }
        return scaled(call, sizedBy: size, metrics: "UIFontMetrics(forTextStyle: .\(style.uiKitName))")
    }

    /// SwiftUI's font for a UIKit system font of a text size
    /// (`UIFont.systemFont(ofSize: 16, weight: .medium)` → `Font.callout.weight(.medium)`);
    /// nil for a display size, a size derived from a style's, or a face SwiftUI spells otherwise.
    static func swiftUI(forUIKit call: FunctionCallExprSyntax, size: PointSizeEstimate?) -> String? {
        guard let size, !size.points.isNaN, size.points <= TextStyle.largeTitle.pointSize else { return nil }
        let weightArgument = call.argument("weight")
        let style = size.anchor ?? TextStyle.nearest(toPointSize: size.points, weight: weightArgument?.referencedName)
        guard size.points == style.pointSize || size.anchor == nil else { return nil }
        var weight = ""
        if let weightArgument {
            guard let name = weightArgument.as(MemberAccessExprSyntax.self)?.declName.baseName.text, fontWeights.contains(name) else { return nil }
            // `.headline` is the body size in semibold already.
            if name != "regular", !(style == .headline && name == "semibold") { weight = ".weight(.\(name))" }
        }
        switch call.calleeName {
        case "systemFont": return "Font.\(style.rawValue)\(weight)"
        case "boldSystemFont": return "Font.\(style.rawValue).bold()"
        case "italicSystemFont": return "Font.\(style.rawValue).italic()"
        case "monospacedSystemFont": return "Font.system(.\(style.rawValue), design: .monospaced)\(weight)"
        case "monospacedDigitSystemFont": return "Font.\(style.rawValue)\(weight).monospacedDigit()"
        default: return nil
        }
    }

    /// The weights `UIFont.Weight` and SwiftUI's `Font.Weight` both name.
    private static let fontWeights: Set<String> = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]

    /// `UIImage.SymbolConfiguration(font: .systemFont(ofSize: 15))` →
    /// `UIImage.SymbolConfiguration(textStyle: .subheadline)`: a configuration
    /// by text style follows the text size where the image is shown; one by
    /// font keeps the size its font had when it was made. Only a plain system
    /// font of a known text size has such a style.
    static func uiKitSymbolConfiguration(_ configuration: FunctionCallExprSyntax, font call: FunctionCallExprSyntax, size: PointSizeEstimate?) -> String? {
        guard let points = size?.points, size?.anchor == nil, points <= TextStyle.largeTitle.pointSize,
            ["systemFont", "boldSystemFont"].contains(call.calleeName),
            call.arguments.allSatisfy({ ["ofSize", "weight"].contains($0.label?.text) }),
            configuration.arguments.allSatisfy({ ["font", "scale"].contains($0.label?.text) })
        else { return nil }
        let weight = call.calleeName == "boldSystemFont" ? ExprSyntax(MemberAccessExprSyntax(name: .identifier("bold"))) : call.argument("weight")
        return SymbolConfigurationRule.replacement(
            owner: SymbolConfigurationRule.imageType(of: configuration, appKit: false),
            style: TextStyle.nearest(toPointSize: points, weight: weight?.referencedName),
            scale: configuration.argument("scale"), weight: weight
        )
    }

    /// `scaledFont(for:)` takes a `UIFont`, and `UIFont(name:size:)` is
    /// failable: the system font of the same size stands in for a missing
    /// face, or, where the code unwraps the face itself (`if let font = …`),
    /// the face is scaled once it is there.
    private static func scaled(_ call: FunctionCallExprSyntax, sizedBy size: PointSizeEstimate?, metrics: String) -> String {
        let face = font(call, sizedBy: size)
        // `button.titleLabel?.font.withSize(15)` is optional: scaled where it is there.
        if call.calledExpression.descendants(OptionalChainingExprSyntax.self).first != nil || call.calledExpression.is(OptionalChainingExprSyntax.self) {
            return "(\(face)).map(\(metrics).scaledFont(for:))"
        }
        guard call.argument("name") != nil, let sizeArgument = call.argument("size") else { return "\(metrics).scaledFont(for: \(face))" }
        // A method reference, not a closure: `if let` conditions take no
        // trailing closure. A fallback the code gives (`?? …`) stays its own.
        if FontPosition.isOptionalBindingValue(call) || FontPosition.hasFallback(call) { return "\(face).map(\(metrics).scaledFont(for:))" }
        let sizeText = size?.anchor != nil ? size!.text : sizeArgument.oneLine
        let weight = faceWeight(call.argument("name")).map { ", weight: .\($0)" } ?? ""
        return "\(metrics).scaledFont(for: \(face) ?? .systemFont(ofSize: \(sizeText)\(weight)))"
    }

    /// The weight a face's PostScript name ends with (`"SFProText-Medium"`,
    /// `"Avenir-Heavy"`): the system font standing in for a missing face
    /// keeps it.
    private static func faceWeight(_ name: ExprSyntax?) -> String? {
        guard let literal = name?.unwrapped.as(StringLiteralExprSyntax.self), literal.segments.count == 1 else { return nil }
        let face = literal.segments.trimmedDescription
        guard let dash = face.lastIndex(of: "-") else { return nil }
        return faceWeights[face[face.index(after: dash)...].lowercased()]
    }

    private static let faceWeights = [
        "thin": "thin", "ultralight": "ultraLight", "extralight": "ultraLight", "light": "light", "medium": "medium",
        "semibold": "semibold", "demibold": "semibold", "bold": "bold", "heavy": "heavy", "extrabold": "heavy", "black": "black",
    ]

    /// AppKit has no `UIFontMetrics`: a regular system font becomes the text
    /// style's font; any other keeps its weight, traits or face on the text
    /// style's descriptor (the rule catalogue "Fixes keep weight, design and
    /// traits"). A size read from the style's font (`….pointSize`) would be
    /// a fixed size again.
    static func appKit(_ call: FunctionCallExprSyntax, size: PointSizeEstimate?) -> String {
        let weight = call.argument("weight")
        let boldByName = call.calleeName == "boldSystemFont"
        let weightName = weight?.referencedName ?? (boldByName ? "bold" : nil)
        // Size 0 is AppKit's default size, 13 pt.
        let points = size?.points == 0 ? TextStyle.body.macOSPointSize : size?.points
        let style = size?.anchor ?? TextStyle.nearestOnMacOS(toPointSize: points, weight: weightName)
        let preferred = "NSFont.preferredFont(forTextStyle: .\(style.uiKitName))"
        let impliedByStyle = style == .headline && ["semibold", "bold"].contains(weightName ?? "")
        // macOS's headline is the bold body: a bold system font of that size is it.
        var changes = boldByName && impliedByStyle ? [] : appKitTraits(of: call)
        if let weight, weightName != "regular", !impliedByStyle {
            let value = weightName.map { "NSFont.Weight.\($0)" } ?? "(\(weight.oneLine))"
            changes.append(".addingAttributes([.traits: [NSFontDescriptor.TraitKey.weight: \(value).rawValue]])")
        }
        guard !changes.isEmpty else { return preferred }
        return "NSFont(descriptor: \(preferred).fontDescriptor\(changes.joined()), size: 0) ?? \(preferred)"
    }

    /// The descriptor changes that give the style's font what the constructor's name or face adds.
    private static func appKitTraits(of call: FunctionCallExprSyntax) -> [String] {
        if let face = call.argument("name") { return [".addingAttributes([.name: \(face.oneLine)])"] }
        switch call.calleeName {
        case "boldSystemFont": return [".withSymbolicTraits(.bold)"]
        case "italicSystemFont": return [".withSymbolicTraits(.italic)"]
        // SF Mono is the system font's monospaced design; the trait picks no face.
        case "monospacedSystemFont", "userFixedPitchFont": return [".withDesign(.monospaced)!"]
        case "monospacedDigitSystemFont":
            return [
                ".addingAttributes([.featureSettings: [[NSFontDescriptor.FeatureKey.typeIdentifier: kNumberSpacingType, "
                    + "NSFontDescriptor.FeatureKey.selectorIdentifier: kMonospacedNumbersSelector]]])"
            ]
        default: return []
        }
    }

    /// The constructor as written, with a size read from a preferred font
    /// replaced by the style's default size (scaled once, by the fix).
    private static func font(_ call: FunctionCallExprSyntax, sizedBy size: PointSizeEstimate?) -> String {
        guard let size, size.anchor != nil else { return call.oneLine }
        return replacingSize(of: call, with: size.text)
    }

    private static func replacingSize(of call: FunctionCallExprSyntax, with replacement: String) -> String {
        guard let argument = call.argument("ofSize") ?? call.argument("size") else { return call.oneLine }
        let start = argument.positionAfterSkippingLeadingTrivia.utf8Offset - call.positionAfterSkippingLeadingTrivia.utf8Offset
        let length = argument.endPositionBeforeTrailingTrivia.utf8Offset - argument.positionAfterSkippingLeadingTrivia.utf8Offset
        let text = Array(call.trimmedText.utf8)
        let replaced = String(decoding: text[..<start], as: UTF8.self) + replacement + String(decoding: text[(start + length)...], as: UTF8.self)
        return replaced.split(whereSeparator: \.isWhitespace).joined(separator: " ").replacingOccurrences(of: "( ", with: "(")
            .replacingOccurrences(of: " )", with: ")")
    }
}
