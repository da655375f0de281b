import SwiftSyntax

/// Classifies font and size expressions (the rule catalogue "Terms": scaling, fixed,
/// unresolved). It never reports anything itself: it returns the value and the
/// constructor sites, and the rule families decide what to report where.
struct FontClassifier {
    let context: FileContext
    /// Whether the view a font is given to is an AppKit view, when its class is known.
    var receiverIsAppKit: Bool?

    init(context: FileContext, receiverIsAppKit: Bool? = nil) {
        self.context = context
        self.receiverIsAppKit = receiverIsAppKit
    }

    private static let maximumDepth = 8

    /// Sizes as numbers, for the text style a fix names.
    private var sizes: PointSizeEvaluator { PointSizeEvaluator(context: context) }

    static let uiKitSystemConstructors: Set<String> = [
        "systemFont", "boldSystemFont", "italicSystemFont", "monospacedSystemFont", "monospacedDigitSystemFont",
    ]
    static let appKitSystemConstructors: Set<String> = uiKitSystemConstructors.union([
        "labelFont", "messageFont", "userFont", "userFixedPitchFont", "menuFont", "menuBarFont",
        "titleBarFont", "toolTipsFont", "paletteFont", "controlContentFont",
    ])
    /// Methods that derive a font from a font and keep its scaling.
    static let fontModifiers: Set<String> = [
        "weight", "bold", "italic", "monospacedDigit", "monospaced", "smallCaps", "lowercaseSmallCaps",
        "uppercaseSmallCaps", "leading", "width", "withSymbolicTraits", "withDesign", "withTraits", "withWeight",
        "kerning", "tracking",
    ]

    // MARK: Fonts

    func classify(_ expression: ExprSyntax, expecting: SymbolKind?, depth: Int = 0) -> FontClassification {
        guard depth < Self.maximumDepth else { return unresolved(expression, "the expression nests too deeply to follow") }
        let expr = expression.unwrapped
        if let sequence = expr.as(SequenceExprSyntax.self) {
            return classify(sequence: Array(sequence.elements), expecting: expecting, depth: depth)
        }
        if let ternary = expr.as(TernaryExprSyntax.self) {
            return .merging([
                classify(ternary.thenExpression, expecting: expecting, depth: depth + 1),
                classify(ternary.elseExpression, expecting: expecting, depth: depth + 1),
            ])
        }
        if let branching = expr.as(IfExprSyntax.self) {
            return .merging(branchResults(of: Syntax(branching)).map { classify($0, expecting: expecting, depth: depth + 1) })
        }
        if let branching = expr.as(SwitchExprSyntax.self) {
            return .merging(branchResults(of: Syntax(branching)).map { classify($0, expecting: expecting, depth: depth + 1) })
        }
        if expr.isNilLiteral { return .scaling("nil (the default font)") }
        if let call = expr.as(FunctionCallExprSyntax.self) { return classify(call: call, expecting: expecting, depth: depth) }
        if let member = expr.as(MemberAccessExprSyntax.self) {
            return classify(member: member, expecting: expecting, depth: depth)
        }
        if let reference = expr.as(DeclReferenceExprSyntax.self) {
            return classify(reference: reference, expecting: expecting, depth: depth)
        }
        return unresolved(expr, "`\(expr.oneLine)` is not an expression dynatype can classify")
    }

    /// A flat operator sequence (the parser does not fold operators): a ternary
    /// or `??` yields branches; anything else is not a font expression.
    func classify(sequence elements: [ExprSyntax], expecting: SymbolKind?, depth: Int) -> FontClassification {
        if elements.count == 1 { return classify(elements[0], expecting: expecting, depth: depth + 1) }
        if let index = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
            let ternary = elements[index].as(UnresolvedTernaryExprSyntax.self)
        {
            let rest = Array(elements[(index + 1)...])
            return .merging([
                classify(ternary.thenExpression, expecting: expecting, depth: depth + 1),
                classify(sequence: rest, expecting: expecting, depth: depth + 1),
            ])
        }
        if let index = elements.firstIndex(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" }) {
            return .merging([
                classify(sequence: Array(elements[..<index]), expecting: expecting, depth: depth + 1),
                classify(sequence: Array(elements[(index + 1)...]), expecting: expecting, depth: depth + 1),
            ])
        }
        // `font as CTFont` (for `Font(_:)`) is the same font.
        if elements.count == 3, elements[1].is(UnresolvedAsExprSyntax.self) {
            return classify(elements[0], expecting: expecting, depth: depth + 1)
        }
        let text = elements.map(\.oneLine).joined(separator: " ")
        return FontClassification(
            value: .unresolved("`\(text)` is not a font expression dynatype can classify"),
            unresolvedLeaves: [(elements[0], "`\(text)` cannot be classified")],
            spec: .text(text)
        )
    }

    private func branchResults(of node: Syntax) -> [ExprSyntax] {
        var results: [ExprSyntax] = []
        func lastExpression(of items: CodeBlockItemListSyntax) {
            guard let last = items.last?.item else { return }
            if let expression = last.as(ExprSyntax.self) {
                if let nestedIf = expression.as(IfExprSyntax.self) {
                    results += branchResults(of: Syntax(nestedIf))
                } else {
                    results.append(expression)
                }
            } else if let statement = last.as(ExpressionStmtSyntax.self) {
                results.append(statement.expression)
            }
        }
        if let branching = node.as(IfExprSyntax.self) {
            lastExpression(of: branching.body.statements)
            switch branching.elseBody {
            case .codeBlock(let block): lastExpression(of: block.statements)
            case .ifExpr(let nested): results += branchResults(of: Syntax(nested))
            case nil: break
            @unknown default: break
            }
        } else if let branching = node.as(SwitchExprSyntax.self) {
            for case .switchCase(let switchCase) in branching.cases {
                lastExpression(of: switchCase.statements)
            }
        }
        return results
    }

    private func classify(call: FunctionCallExprSyntax, expecting: SymbolKind?, depth: Int) -> FontClassification {
        let name = call.calleeName ?? ""
        let base = call.calleeBase
        let baseName = base?.referencedName
        let implicit = call.isImplicitMemberCall
        let bareType = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text

        if name == "scaledFont" && !ViewTree.isAppsScaledFont(call) || name == "map" && Self.scalesItsArgument(call) {
            return .scaling("`\(call.oneLine)` (scaled by UIFontMetrics)")
        }
        // `{ let font = …; return font }()`, and `descriptor.flatMap { UIFont(descriptor: $0, size: 20) }`:
        // the font is what the closure returns.
        if let closure = Self.fontClosure(of: call, name: name) {
            let results = closure.statements.returnedExpressions
            if !results.isEmpty { return .merging(results.map { classify($0, expecting: expecting, depth: depth + 1) }) }
        }
        if name == "preferredFont" {
            let style = call.argument("forTextStyle")?.referencedName.map { " .\($0)" } ?? ""
            return .scaling("preferredFont(forTextStyle:\(style))")
        }
        let swiftUIBase = implicit || baseName == "Font" || Self.isOnFontSelf(call, baseName: baseName)
        if swiftUIBase, name == "system" {
            guard let size = call.argument("size") else {
                let style = call.firstUnlabeledArgument?.trimmedText ?? ".body"
                return .scaling("text style \(style)")
            }
            return swiftUISystem(call, size: size)
        }
        // `.custom(.matterMedium, size: 16)`: SwiftUI's takes a name as a string; a member
        // of another type names the app's own overload (isowords' `Font.custom(_: FontName, size:)`),
        // judged by its definition like any helper.
        if swiftUIBase, name == "custom", !Self.namesAppFontOverload(call) { return customFont(call) }
        // `Font(uiFont)`, and initializers of the audited code that only wrap
        // a platform font (`Font(uiFont: x)`): judged by their argument.
        if bareType == "Font", call.arguments.count == 1, let argument = call.arguments.first?.expression {
            var font = classify(argument, expecting: .platformFont, depth: depth + 1)
            font.sites = font.sites.map { swiftUIFix(for: $0, wrappedBy: call, argument: argument) }
            return font
        }
        if let constructor = platformConstructor(call, name: name, baseName: baseName, bareType: bareType, implicit: implicit) {
            return constructor
        }
        if base != nil, name == "withSize", let size = call.firstUnlabeledArgument {
            // `font.withSize(n)` keeps the face and takes the size: a fixed
            // `n` is a fixed font of its platform (whatever the face was,
            // a text style's included), a scaled one scales.
            if impliesAppKit(call) || baseName == "NSFont" {
                return constructor(call, size: size, rule: .fixedAppKitFont, replacement: FixSuggestions.appKit(call, size: sizes.estimate(size)))
            }
            return constructor(call, size: size, rule: .fixedUIKitFont, replacement: FixSuggestions.uiKit(call, size: sizes.estimate(size)))
        }
        if let base, Self.fontModifiers.contains(name) {
            return classify(base, expecting: expecting, depth: depth + 1)
        }
        // Swiftcord's `.monospaced(.system(size: 18))()`: the method, unapplied, given its font, then called.
        if call.arguments.isEmpty, let method = call.calledExpression.as(FunctionCallExprSyntax.self), method.isImplicitMemberCall,
            let methodName = method.calleeName, Self.fontModifiers.contains(methodName), method.arguments.count == 1,
            let font = method.firstUnlabeledArgument
        {
            return classify(font, expecting: expecting, depth: depth + 1)
        }
        if let transformed = FontTransform.transformedFont(of: call, bindings: context.bindings) {
            return classify(transformed, expecting: expecting, depth: depth + 1)
        }
        if let category = UserContentSizeCategory.passed(to: call) {
            return readOnce(
                call, from: "the user's text size (`\(category.oneLine)`)", replacement: nil,
                advice: "make the font again when the text size changes (`UIContentSizeCategory.didChangeNotification`), "
                    + "or scale a text style's font (`UIFontMetrics(forTextStyle:).scaledFont(for:)`) and let the view adjust it"
            )
        }
        // Anything else is a call of a helper: judged by its definition and
        // the sizes this call passes (the rule catalogue "Clarifications").
        let reference = SymbolReference(
            name: name.isEmpty ? call.calledExpression.oneLine : name,
            qualifier: qualifier(of: base, at: call),
            argumentLabels: call.argumentLabels,
            expected: expecting
        )
        let arguments = call.arguments.map {
            SymbolArgument(label: $0.label?.text ?? "", size: classifySize($0.expression, depth: depth + 1).value)
        }
        let value = FontValue.symbol(reference, arguments: arguments)
        return FontClassification(
            value: value,
            symbolLeaves: [FontLeaf(call, value: value)],
            helperCalls: [value],
            spec: .code(Syntax(call))
        )
    }

    private static func namesAppFontOverload(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = call.firstUnlabeledArgument?.unwrapped.as(MemberAccessExprSyntax.self) else { return false }
        return name.base == nil
    }

    /// The `Font(…)` call whose one argument is `call`.
    static func swiftUIWrapper(of call: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
        guard let wrapper = call.parent?.parent?.parent?.as(FunctionCallExprSyntax.self), wrapper.arguments.count == 1,
            wrapper.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Font"
        else { return nil }
        return wrapper
    }

    /// `Font(UIFont.systemFont(ofSize: 16))`: a SwiftUI font made from a
    /// UIKit one keeps the size that font had, scaled or not, when the text
    /// size changes while the app runs. The fix is SwiftUI's own text style
    /// in place of the whole call, where there is one.
    private func swiftUIFix(for site: FontSite, wrappedBy wrapper: FunctionCallExprSyntax, argument: ExprSyntax) -> FontSite {
        guard site.reportedAt == nil, site.replacement != nil, Syntax(site.node).id == Syntax(argument.unwrapped).id,
            let inner = site.node.as(FunctionCallExprSyntax.self),
            let replacement = FixSuggestions.swiftUI(forUIKit: inner, size: sizes.estimate(inner.argument("ofSize")))
        else { return site }
        return FontSite(
            node: site.node, rule: site.rule, message: site.message, replacement: replacement,
            fix: "use `\(replacement)`: a `Font` made from a `UIFont` keeps that font's size when the text size changes",
            dependency: site.dependency, reportedAt: ExprSyntax(wrapper)
        )
    }

    /// The closure whose result a call is: one called where it is written
    /// (`{ … }()`), or the transform of an optional's `map`/`flatMap`.
    private static func fontClosure(of call: FunctionCallExprSyntax, name: String) -> ClosureExprSyntax? {
        if let closure = call.calledExpression.as(ClosureExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil {
            return closure
        }
        guard name == "map" || name == "flatMap", call.calleeBase != nil, call.arguments.isEmpty else { return nil }
        return call.trailingClosure
    }

    /// `map(UIFontMetrics(…).scaledFont(for:))` or `map { UIFontMetrics(…).scaledFont(for: $0) }`.
    static func scalesItsArgument(_ map: FunctionCallExprSyntax?) -> Bool {
        if let function = map?.arguments.first?.expression.as(MemberAccessExprSyntax.self) {
            return function.declName.baseName.text == "scaledFont" && function.declName.argumentNames?.arguments.first?.name.text == "for"
        }
        guard let closure = map?.trailingClosure, closure.statements.count == 1,
            let scaling = closure.statements.first?.item.as(FunctionCallExprSyntax.self), scaling.calleeName == "scaledFont"
        else { return false }
        return scaling.argument("for")?.trimmedText == "$0"
    }

    /// `.system(size:)`: the nearest text style on the file's platform; a
    /// display size, or any size in watch code, keeps its size; a size known
    /// only at run time is scaled.
    /// Where the file cannot tell iOS from macOS (plain SwiftUI), macOS's fix
    /// goes along for resolution to pick.
    private func swiftUISystem(_ call: FunctionCallExprSyntax, size: ExprSyntax) -> FontClassification {
        let estimate = sizes.estimate(size).flatMap { $0.points.isNaN && $0.anchor == nil ? nil : $0 }
        let onWatchOS = context.facts.targetsWatchOS || FontPosition.isInWatchOSBlock(call)
        let branchPoints = branchPoints(of: size)
        let fix = { (onMacOS: Bool) -> (replacement: String?, advice: String?) in
            // Each platform names its own styles for the branches (macOS's 13 pt is `.body`).
            if let branches = Self.branchAdvice(of: branchPoints, onMacOS: onMacOS) { return (nil, branches) }
            guard let estimate else { return (nil, FixSuggestions.swiftUIRunTimeSize(call)) }
            if onWatchOS, estimate.anchor == nil { return (nil, FixSuggestions.swiftUIWatchOSSize(call, size: estimate)) }
            if let advice = FixSuggestions.swiftUIDisplaySize(call, size: estimate, onMacOS: onMacOS) { return (nil, advice) }
            return (FixSuggestions.swiftUISystem(call, size: estimate, onMacOS: onMacOS), nil)
        }
        let knownMacOS = isKnownMacOS(call)
        let primary = fix(knownMacOS)
        var font = constructor(call, size: size, rule: .fixedFontSize, replacement: primary.replacement, advice: primary.advice)
        // In a watch app's folder (known only with the whole audit) the size is kept and scaled instead.
        if !onWatchOS, !knownMacOS, primary.replacement != nil, let estimate, estimate.anchor == nil {
            let watch = FixAlternative(replacement: nil, fix: FixSuggestions.swiftUIWatchOSSize(call, size: estimate))
            for index in font.sites.indices where font.sites[index].rule == .fixedFontSize && font.sites[index].replacement != nil {
                font.sites[index].onWatchOS = watch
            }
        }
        guard !knownMacOS else { return font }
        let macOS = fix(true)
        guard macOS.replacement != primary.replacement || macOS.advice != primary.advice else { return font }
        return Self.carrying(FixAlternative(replacement: macOS.replacement, fix: macOS.replacement.map { "use `\($0)`" } ?? macOS.advice ?? ""), in: font)
    }

    /// AppKit-only code: a file importing AppKit alone, or a `#if os(macOS)` block.
    private func isKnownMacOS(_ call: FunctionCallExprSyntax) -> Bool {
        context.prefersAppKit || FontPosition.isInMacOSBlock(call)
    }

    /// The classification with macOS's fix on its SwiftUI font sites, for resolution to pick.
    private static func carrying(_ alternative: FixAlternative, in font: FontClassification) -> FontClassification {
        var font = font
        for index in font.sites.indices where [.fixedFontSize, .fixedCustomFont, .customFontWithoutRelativeStyle].contains(font.sites[index].rule) {
            font.sites[index].onMacOS = alternative
        }
        return font
    }

    /// `custom(…)` or `Self.system(…)` inside `extension Font`: the member's
    /// implicit `Self` is `Font`, so these are SwiftUI's constructors.
    private static func isOnFontSelf(_ call: FunctionCallExprSyntax, baseName: String?) -> Bool {
        guard call.calledExpression.is(DeclReferenceExprSyntax.self) || baseName == "Self" else { return false }
        return TypeScope.enclosing(call)?.name == "Font"
    }

    private func customFont(_ call: FunctionCallExprSyntax) -> FontClassification {
        let size = sizes.estimate(call.argument("size") ?? call.argument("fixedSize"))
        let knownMacOS = isKnownMacOS(call)
        let font = customFont(call, replacement: FixSuggestions.swiftUICustom(call, size: size, onMacOS: knownMacOS))
        let macOS = FixSuggestions.swiftUICustom(call, size: size, onMacOS: true)
        guard !knownMacOS, macOS != font.sites.first?.replacement, let fix = font.sites.first?.fix, let written = font.sites.first?.replacement else { return font }
        return Self.carrying(FixAlternative(replacement: macOS, fix: fix.replacingOccurrences(of: written, with: macOS)), in: font)
    }

    private func customFont(_ call: FunctionCallExprSyntax, replacement: String) -> FontClassification {
        if call.argument("fixedSize") != nil {
            let site = FontSite(
                node: ExprSyntax(call), rule: .fixedCustomFont,
                message: "`Font.custom(_:fixedSize:)` never scales with Dynamic Type",
                replacement: replacement, fix: "use `\(replacement)`", dependency: nil
            )
            return FontClassification(value: .fixed, sites: [site], spec: .code(Syntax(call)))
        }
        if let relative = call.argument("relativeTo") {
            return .scaling("custom font relative to \(relative.trimmedText)")
        }
        // `relativeTo: .body` is what the font does already: a hunk that changes nothing.
        let changesCurve = !replacement.hasSuffix("relativeTo: .\(TextStyle.body.rawValue))")
        let site = FontSite(
            node: ExprSyntax(call), rule: .customFontWithoutRelativeStyle,
            message: "`Font.custom(_:size:)` scales relative to `.body` only; headings scale on the wrong curve",
            replacement: changesCurve ? replacement : nil,
            fix: changesCurve
                ? "add `relativeTo:` with the nearest text style: `\(replacement)`"
                : "it scales on the body curve already; add `relativeTo:` only if it is a heading or a caption",
            dependency: nil
        )
        return FontClassification(value: .scales, sites: [site], spec: "custom font relative to .body")
    }

    /// A text style's descriptor, written in place or in a local
    /// (`let descriptor = UIFontDescriptor.preferredFontDescriptor(withTextStyle: style)…`).
    private func readsPreferredDescriptor(_ descriptor: ExprSyntax) -> Bool {
        if Self.isPreferredDescriptor(descriptor.trimmedText) { return true }
        guard let name = descriptor.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text,
            case .local(let binding) = context.bindings.resolve(name, at: descriptor)
        else { return false }
        return binding.initializer.map { Self.isPreferredDescriptor($0.value.trimmedText) } ?? false
    }

    /// The sizes of `cond ? 12 : 14` (or of a computed property's branches),
    /// when there are several and every one is known.
    private func branchPoints(of size: ExprSyntax) -> [Double]? {
        let expr = size.unwrapped
        let branches: [ExprSyntax]
        if let ternary = expr.as(TernaryExprSyntax.self) {
            branches = [ternary.thenExpression, ternary.elseExpression]
        } else if let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let ternary = Array(sequence.elements)[1].as(UnresolvedTernaryExprSyntax.self), let otherwise = sequence.elements.last
        {
            branches = [ternary.thenExpression, otherwise]
        } else if let computed = computedSizes(expr), computed.count > 1 {
            branches = computed
        } else {
            return nil
        }
        let points = branches.compactMap { sizes.estimate($0)?.points }.filter { !$0.isNaN }
        guard points.count == branches.count, Set(points).count > 1 else { return nil }
        return points
    }

    /// The fix in words for a conditional whose branches have different
    /// sizes, or `nil` when they have one: each branch its own style, or,
    /// where several sizes share the nearest style (8 and 10 are both below
    /// `.caption2`), the sizes kept and scaled, since one style would make
    /// them one size.
    private static func branchAdvice(of points: [Double]?, onMacOS: Bool) -> String? {
        guard let points else { return nil }
        let nearest = onMacOS ? { TextStyle.nearestOnMacOS(toPointSize: $0) } : { TextStyle.nearest(toPointSize: $0) }
        let branches = points.map { (points: $0, style: nearest($0)) }
        var styles: [TextStyle] = []
        for branch in branches where !styles.contains(branch.style) { styles.append(branch.style) }
        guard styles.count == Set(branches.map(\.points)).count else {
            let written = Array(Set(branches.map(\.points))).sorted().map { $0 == $0.rounded() ? String(Int($0)) : String($0) }.joined(separator: ", ")
            let scalers = ["`@ScaledMetric(relativeTo: .\(styles[0].rawValue))`"] + (onMacOS ? [] : ["`UIFontMetrics(forTextStyle: .\(styles[0].rawValue)).scaledValue(for:)`"])
            return "keep the branches' sizes (\(written) pt) and scale each one (\(scalers.joined(separator: ", "))): one text style would make them one size"
        }
        let named = styles.map { ".\($0.rawValue)" }
        return "give each branch its own text style (\(named.dropLast().joined(separator: ", ")) and \(named.last!)), choosing the font, not its size"
    }

    /// The sizes a computed property of the type can return
    /// (`var valueFontSize: CGFloat { if isValueOnly { 22 } else if hasGauge { 12 } else { 16 } }`),
    /// or its initializers assign to a stored one.
    private func computedSizes(_ expr: ExprSyntax) -> [ExprSyntax]? {
        guard let name = expr.as(DeclReferenceExprSyntax.self)?.baseName.text,
            case .member(let binding, _, let type) = context.bindings.resolve(name, at: expr), binding.initializer == nil
        else { return nil }
        let returned = binding.returnedValues.flatMap { value -> [ExprSyntax] in
            value.is(IfExprSyntax.self) || value.is(SwitchExprSyntax.self) ? branchResults(of: Syntax(value)) : [value]
        }
        guard returned.isEmpty else { return returned }
        // A stored size each initializer branch sets (`textFieldFontSize = 11` for small rows, `15` for large ones).
        let assigned = Self.initializerValues(of: name, in: type)
        return assigned.allSatisfy { $0.count == 1 } ? assigned.map { $0[0] } : nil
    }

    /// `UIFont(descriptor: d, size: d.pointSize)`: the descriptor's own size, as `size: 0` keeps it.
    private static func isPointSize(of descriptor: ExprSyntax, _ size: ExprSyntax?) -> Bool {
        guard let member = size?.unwrapped.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "pointSize" else { return false }
        return member.base?.trimmedText == descriptor.trimmedText
    }

    /// `UIFont(descriptor: label.font.fontDescriptor.withSymbolicTraits(.traitBold)!, size: label.font.pointSize)`:
    /// a font's own face and size with a trait (Delta's cells, a list
    /// configuration's footer font). It keeps that font's style and size, so
    /// it is judged where that font is set, or by the style a document gives it.
    func restyledFont(descriptor: ExprSyntax, size: ExprSyntax?) -> ExprSyntax? {
        // A view's or configuration's `font`, set elsewhere; a font made here is judged as made.
        guard let member = size?.unwrapped.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "pointSize",
            let font = member.base, font.unwrapped.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "font"
        else { return nil }
        var node: ExprSyntax? = descriptor.unwrapped
        while let current = node {
            if let access = current.as(MemberAccessExprSyntax.self) {
                if access.declName.baseName.text == "fontDescriptor" { return access.base?.trimmedText == font.trimmedText ? font : nil }
                node = access.base?.unwrapped
            } else if let call = current.as(FunctionCallExprSyntax.self) {
                node = call.calledExpression.unwrapped
            } else if let name = current.as(DeclReferenceExprSyntax.self)?.baseName.text,
                case .local(let binding) = context.bindings.resolve(name, at: current)
            {
                node = binding.valueExpression?.unwrapped
            } else {
                return nil
            }
        }
        return nil
    }

    private static func returnsFont(_ function: FunctionDeclSyntax?) -> Bool {
        guard let type = function?.signature.returnClause?.type.simpleName else { return false }
        return ["Font", "UIFont", "NSFont"].contains(type)
    }

    /// `newFont.pointSize` of a font passed in (`func restyle(_ newFont:
    /// UIFont)`): a font made at that size scales as the caller's font does,
    /// and that font is judged where it is made; scaling it here would scale
    /// a scaled font twice.
    private func copiesSizeOfFontParameter(_ size: ExprSyntax) -> Bool {
        guard let member = size.unwrapped.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "pointSize",
            let name = member.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text,
            case .parameter = context.bindings.resolve(name, at: size), let function = size.ancestor(FunctionDeclSyntax.self)
        else { return false }
        return function.signature.parameterClause.parameters.contains {
            ($0.secondName ?? $0.firstName).text == name && ["UIFont", "NSFont"].contains($0.type.simpleName)
        }
    }

    /// `UIFontDescriptor.preferredFontDescriptor(withTextStyle:)`, or a
    /// preferred font's `fontDescriptor` (AppKit's spelling), changed or not.
    private static func isPreferredDescriptor(_ text: String) -> Bool {
        text.contains("preferredFontDescriptor") || text.contains("preferredFont(forTextStyle:") && text.contains(".fontDescriptor")
    }

    /// UIKit and AppKit font constructors with an explicit size.
    private func platformConstructor(
        _ call: FunctionCallExprSyntax, name: String, baseName: String?, bareType: String?, implicit: Bool
    ) -> FontClassification? {
        let appKit: Bool
        let sizeArgument: ExprSyntax?
        if bareType == "UIFont" || bareType == "NSFont" || (name == "init" && (baseName == "UIFont" || baseName == "NSFont")) {
            appKit = bareType == "NSFont" || baseName == "NSFont"
            sizeArgument = call.argument("size")
            if let descriptor = call.argument("descriptor"), let font = restyledFont(descriptor: descriptor, size: sizeArgument) {
                return .scaling("`\(call.oneLine)` (`\(font.oneLine)` with a trait, judged where that font is set)")
            }
            if let descriptor = call.argument("descriptor"), sizeArgument?.numericValue == 0 || Self.isPointSize(of: descriptor, sizeArgument) {
                return readsPreferredDescriptor(descriptor)
                    ? .scaling("`\(call.oneLine)` (preferred descriptor)")
                    : unresolved(ExprSyntax(call), "the descriptor's size cannot be classified")
            }
        } else if baseName == "UIFont" || (implicit && !impliesAppKit(call)), Self.uiKitSystemConstructors.contains(name) {
            appKit = false
            sizeArgument = call.argument("ofSize")
        } else if baseName == "NSFont" || (implicit && impliesAppKit(call)), Self.appKitSystemConstructors.contains(name) {
            appKit = true
            sizeArgument = call.argument("ofSize")
        } else {
            return nil
        }
        guard let size = sizeArgument else { return nil }
        if copiesSizeOfFontParameter(size) {
            return .scaling("`\(call.oneLine)` (the size of the font passed in, judged where that font is made)")
        }
        // AppKit's size 0 is the default size; for `userFont`/`userFixedPitchFont`, the user's own choice.
        if appKit, size.numericValue == 0, name.hasPrefix("user") {
            return .scaling("`\(call.oneLine)` (the user's font size setting)")
        }
        if appKit {
            return constructor(call, size: size, rule: .fixedAppKitFont, replacement: FixSuggestions.appKit(call, size: sizes.estimate(size)))
        }
        // The rule catalogue names UIKit's constructors "with a non-zero size": UIKit documents no size 0.
        if size.numericValue == 0 {
            return unresolved(ExprSyntax(call), "a UIKit font of size 0 has no size UIKit documents")
        }
        if FontPosition.isSwiftAttributedStringFont(call, bindings: context.bindings), let swiftUI = FixSuggestions.swiftUI(forUIKit: call, size: sizes.estimate(size)) {
            return constructor(call, size: size, rule: .fixedUIKitFont, replacement: swiftUI)
        }
        let font = constructor(call, size: size, rule: .fixedUIKitFont, replacement: FixSuggestions.uiKit(call, size: sizes.estimate(size)))
        // `.systemFont(ofSize:)` in a file that imports neither framework (SwiftUI only, WWDC's
        // timeline): AppKit's in a macOS-only project, which resolution knows.
        guard implicit, !context.importsUIKit, Self.appKitSystemConstructors.contains(name) else { return font }
        return Self.carryingAppKit(constructor(call, size: size, rule: .fixedAppKitFont, replacement: FixSuggestions.appKit(call, size: sizes.estimate(size))), in: font)
    }

    /// The UIKit classification with the AppKit one's rule, message and fix on each site, for a macOS-only project.
    private static func carryingAppKit(_ appKit: FontClassification, in uiKit: FontClassification) -> FontClassification {
        var font = uiKit
        for index in font.sites.indices where font.sites[index].rule == .fixedUIKitFont {
            guard let site = appKit.sites.first(where: { $0.node.id == font.sites[index].node.id && $0.rule == .fixedAppKitFont }) else { continue }
            font.sites[index].onMacOS = FixAlternative(replacement: site.replacement, fix: site.fix, rule: site.rule, message: site.message)
        }
        return font
    }

    /// the rule catalogue "UIKit or AppKit is decided by type", for an implicit member:
    /// the receiver's class, the type the position expects, a `#if os(macOS)`
    /// block, or a file that imports AppKit and not UIKit.
    private func impliesAppKit(_ call: FunctionCallExprSyntax) -> Bool {
        if let receiverIsAppKit { return receiverIsAppKit }
        switch FontPosition.expected(at: call) {
        case .appKit?: return true
        case .uiKit?: return false
        case .swiftUI?, .platform?, nil: return context.prefersAppKit || FontPosition.isInMacOSBlock(call)
        }
    }

    /// A constructor with a size: fixed, scaling or dependent, by the size.
    /// `advice`, when there is no replacement to paste, is the fix in words.
    private func constructor(
        _ call: FunctionCallExprSyntax, size: ExprSyntax, rule: RuleID, replacement proposedReplacement: String?, advice proposedAdvice: String? = nil
    ) -> FontClassification {
        var replacement = proposedReplacement, advice = proposedAdvice
        // The rule catalogue: two sizes of one conditional are never one style.
        // (SwiftUI's `.system(size:)` has asked already, for each platform.)
        if rule != .fixedFontSize, let branches = Self.branchAdvice(of: branchPoints(of: size), onMacOS: rule == .fixedAppKitFont) {
            replacement = nil
            advice = branches
        }
        if FontPosition.isTVOnly(call) {
            replacement = nil
            advice = "this size is a TV's: tvOS's text styles have sizes of their own (`.title2` is about 57 pt there), "
                + "so no iOS style replaces it; scale the other platforms' sizes"
        }
        let spec = FontSpec.code(Syntax(call))
        let sizeClass = classifySize(size, depth: 0)
        // A helper sized by its callers (`appFont(ofSize:)`) serves them all,
        // icons drawn into images and capped buttons among them: one style
        // for all is no mechanical fix; each call, or a style parameter, is.
        if case .parameter = sizeClass.value, Self.returnsFont(call.ancestor(FunctionDeclSyntax.self)) {
            replacement = nil
            advice = "give the helper a text style to scale by (a `relativeTo:` parameter for `UIFontMetrics(forTextStyle:)` "
                + "or `Font.custom(_:size:relativeTo:)`), or scale the font at each call"
        }
        let message: String
        switch rule {
        case .fixedUIKitFont: message = "a UIKit font with a fixed size does not scale with Dynamic Type"
        case .fixedAppKitFont: message = "an AppKit font with a fixed size does not follow the text size setting"
        default: message = "`.system(size:)` is a hardcoded size and does not scale with Dynamic Type"
        }
        // A symbol configured by a plain system font is configured by its text style instead (the whole configuration is replaced).
        var configuration: FunctionCallExprSyntax?
        if rule == .fixedUIKitFont, replacement != nil, let owner = FontPosition.symbolConfiguration(of: call),
            let styled = FixSuggestions.uiKitSymbolConfiguration(owner, font: call, size: sizes.estimate(size))
        {
            replacement = styled
            configuration = owner
        }
        let fix: String
        switch (rule, replacement) {
        case (_, nil): fix = advice ?? ""
        case (.fixedUIKitFont, let replacement?) where configuration != nil: fix = "use `\(replacement)` so the symbol follows the text size"
        case (.fixedUIKitFont, let replacement?) where FontPosition.configuresSymbol(call):
            fix = "use `\(replacement)` (or `UIImage.SymbolConfiguration(textStyle:)` with that style) so the symbol follows the text size"
        // Only a view has the flag to set (not an attributes dictionary, a stored font).
        case (.fixedUIKitFont, let replacement?) where FontPosition.fontAssignmentTarget(of: call) != nil && !FontPosition.isSwiftAttributedStringFont(call, bindings: context.bindings):
            fix = "use `\(replacement)` and set `adjustsFontForContentSizeCategory = true`"
        case (_, let replacement?): fix = "use `\(replacement)`"
        }
        let site = { (dependency: SizeValue?) in
            FontSite(
                node: ExprSyntax(call), rule: rule, message: message, replacement: replacement, fix: fix, dependency: dependency,
                reportedAt: configuration.map(ExprSyntax.init)
            )
        }
        if sizeClass.value != .scales, !sizeClass.isScaledMetric, let estimate = sizes.estimate(size), let style = estimate.anchor {
            if FontPosition.isRerunOnTraitChange(call) {
                return .scaling(.decorated(spec, prefix: "", suffix: " (size read from .\(style.rawValue) again on each trait change)"))
            }
            return readOnce(call, sizedBy: estimate, from: style, rule: rule)
        }
        if sizeClass.value != .scales, !sizeClass.isScaledMetric, let style = sizes.runTimeStyle(readBy: size) {
            return readOnce(call, fromStyleNamedAtRunTime: style, rule: rule)
        }
        if sizeClass.isScaledMetric {
            let style = FixSuggestions.swiftUIStyle(for: sizeClass.scaledMetricDefault)
            let warning = FontSite(
                node: ExprSyntax(call), rule: .scaledMetricFontSize,
                message: "a font size from a `@ScaledMetric` scales but bypasses text styles",
                replacement: style, fix: "use a text style (`\(style)`); keep `@ScaledMetric` for spacing and icons", dependency: nil
            )
            return FontClassification(value: .scales, sites: [warning], spec: .decorated(spec, prefix: "", suffix: " (size from @ScaledMetric)"))
        }
        switch sizeClass.value {
        case .scales:
            return .scaling(.decorated(spec, prefix: "", suffix: " (scaled size)"))
        case .fixed:
            return FontClassification(value: .fixed, sites: [site(nil)], spec: spec)
        case .parameter, .symbol, .initialized:
            return FontClassification(value: .sized(sizeClass.value), sites: [site(sizeClass.value)], spec: spec)
        }
    }

    /// The rule catalogue "A size read from a text-style font follows the user
    /// once": the size is the user's when the font is made, and stays so.
    /// The fix keeps weight, design and the multiple, scaled by the style.
    private func readOnce(_ call: FunctionCallExprSyntax, sizedBy size: PointSizeEstimate, from style: TextStyle, rule: RuleID) -> FontClassification {
        let multiple = size.points != style.pointSize
        let replacement: String?
        let advice: String
        switch rule {
        case .fixedUIKitFont:
            replacement = FixSuggestions.uiKit(call, size: size)
            advice = "use `\(replacement!)`" + (FontPosition.fontAssignmentTarget(of: call) != nil ? " and set `adjustsFontForContentSizeCategory = true`" : "")
        case .fixedAppKitFont:
            replacement = multiple ? nil : FixSuggestions.appKit(call, size: size)
            advice = replacement.map { "use `\($0)`" } ?? "make the font from `NSFont.preferredFont(forTextStyle: .\(style.uiKitName))` each time the text size changes"
        default:
            replacement = multiple ? nil : FixSuggestions.swiftUISystem(call, size: size)
            advice = replacement.map { "use `\($0)`" } ?? FixSuggestions.swiftUIScaledMultiple(call, size: size, style: style)
        }
        return readOnce(call, from: ".\(style.rawValue)'s font", replacement: replacement, advice: advice)
    }

    /// A size read from a text style the code names only when it runs
    /// (`preferredFontDescriptor(withTextStyle: textStyle).pointSize`): no
    /// style can be written into a fix, and wrapping the font would scale the
    /// user's size a second time, so the fix is advice.
    private func readOnce(_ call: FunctionCallExprSyntax, fromStyleNamedAtRunTime style: ExprSyntax, rule: RuleID) -> FontClassification {
        let advice = rule == .fixedAppKitFont
            ? "make the font from `NSFont.preferredFont(forTextStyle: \(style.oneLine))` each time the text size changes"
            : "scale the style's font at its default size instead (`UIFontMetrics(forTextStyle: \(style.oneLine)).scaledFont(for:)`, "
                + "with `maximumPointSize:` for a cap) and let the view adjust it (`adjustsFontForContentSizeCategory = true`)"
        return readOnce(call, from: "`\(style.oneLine)`'s font", replacement: nil, advice: advice)
    }

    private func readOnce(_ call: FunctionCallExprSyntax, from source: String, replacement: String?, advice: String) -> FontClassification {
        let site = FontSite(
            node: ExprSyntax(call), rule: .fontSizeReadOnce,
            message: "the size is read once from \(source): it follows the user's text size when the font is made, not when the user changes it",
            replacement: replacement, fix: advice, dependency: nil, readOnceIn: TypeScope.enclosing(call)?.name
        )
        return FontClassification(value: .readOnce, sites: [site], spec: .decorated(.code(Syntax(call)), prefix: "", suffix: " (size read once)"))
    }

    private func classify(member: MemberAccessExprSyntax, expecting: SymbolKind?, depth: Int) -> FontClassification {
        let name = member.declName.baseName.text
        let baseName = member.base?.referencedName
        if member.base == nil || baseName == "Font", TextStyle.isSwiftUITextStyle(name) {
            return .scaling("text style .\(name)")
        }
        if let base = member.base, base.unwrapped.is(DeclReferenceExprSyntax.self), baseName == "self" {
            return classify(reference: name, node: ExprSyntax(member), expecting: expecting, depth: depth)
        }
        let reference = SymbolReference(name: name, qualifier: qualifier(of: member.base, at: member), argumentLabels: nil, expected: expecting)
        let value = FontValue.symbol(reference, arguments: [])
        return FontClassification(value: value, symbolLeaves: [FontLeaf(member, value: value)], spec: .code(Syntax(member)))
    }

    private func classify(reference: DeclReferenceExprSyntax, expecting: SymbolKind?, depth: Int) -> FontClassification {
        classify(reference: reference.baseName.text, node: ExprSyntax(reference), expecting: expecting, depth: depth)
    }

    private func classify(reference name: String, node: ExprSyntax, expecting: SymbolKind?, depth: Int) -> FontClassification {
        if let bound = BindingResolver.conditionallyBoundValue(name, at: node) {
            return classify(bound, expecting: expecting, depth: depth + 1)
        }
        switch context.bindings.resolve(name, at: node) {
        case .local(let binding):
            guard let value = binding.valueExpression else {
                let assigned = laterAssignments(to: name, declaredBy: binding, before: node)
                guard !assigned.isEmpty else { return unresolved(node, "`\(name)` is assigned later; its font cannot be followed") }
                return .merging(assigned.map { classify(sequence: $0, expecting: expecting, depth: depth + 1) })
            }
            var traced = classify(value, expecting: expecting, depth: depth + 1)
            traced.spec = .decorated(traced.spec, prefix: "`\(name)` = ", suffix: "")
            return traced
        case .parameter:
            return unresolved(node, "the font `\(name)` is passed in as a parameter")
        case .member(_, let variable, _) where Self.readsEnvironmentFont(variable):
            return unresolved(node, "`\(name)` is the font of the environment the view is placed in (`@Environment(\\.font)`), set by the views around it")
        case .member(_, _, let type):
            // With no value of its own, the property is what its type's
            // initializers and the calls that make the type give it (`SymbolCollector`).
            let reference = SymbolReference(name: name, qualifier: type.name, argumentLabels: nil, expected: expecting)
            let value = FontValue.symbol(reference, arguments: [])
            return FontClassification(value: value, symbolLeaves: [FontLeaf(node, value: value)], spec: "`\(name)`")
        case .unknown:
            // Not declared in this declaration: a member of the type from
            // another extension, or a global.
            let reference = SymbolReference(name: name, qualifier: TypeScope.enclosing(node)?.name, argumentLabels: nil, expected: expecting)
            let value = FontValue.symbol(reference, arguments: [])
            return FontClassification(value: value, symbolLeaves: [FontLeaf(node, value: value)], spec: "`\(name)`")
        }
    }

    /// `.font(font)` with Brave's `@Environment(\.font) private var font`: the
    /// font the view has already, applied again, which changes nothing.
    func isEnvironmentFont(_ expression: ExprSyntax) -> Bool {
        guard let name = expression.unwrapped.plainName, case .member(_, let variable, _) = context.bindings.resolve(name, at: expression)
        else { return false }
        return Self.readsEnvironmentFont(variable)
    }

    /// `@Environment(\.font) var font`: AltStore's widget countdown.
    private static func readsEnvironmentFont(_ variable: VariableDeclSyntax) -> Bool {
        variable.environmentKeyPath == "\\.font"
    }

    /// `@Environment(\.textScaling)`: a value of the environment other than the
    /// user's text size (`\.dynamicTypeSize`, `\.sizeCategory`), which scale.
    private static func readsEnvironmentSetting(_ variable: VariableDeclSyntax) -> Bool {
        guard let keyPath = variable.environmentKeyPath else { return false }
        return keyPath.hasPrefix("\\.") && !["\\.dynamicTypeSize", "\\.sizeCategory"].contains(keyPath)
    }

    /// `let font: UIFont` then `font = …` in each branch of an `if` or a
    /// `switch` before the use: the values assigned in the local's scope.
    private func laterAssignments(to name: String, declaredBy binding: PatternBindingSyntax, before use: ExprSyntax) -> [[ExprSyntax]] {
        guard let scope = binding.ancestor(CodeBlockItemListSyntax.self) else { return [] }
        let range = binding.endPosition..<use.position
        return context.index.assignments.compactMap { assignment in
            guard range.contains(assignment.position), scope.range.contains(assignment.position),
                assignment.elements.first?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text == name
            else { return nil }
            return Array(assignment.elements.dropFirst(2))
        }
    }

    /// The qualifier of a symbol reference: `Typography` in `Typography.body`,
    /// the enclosing type for `self.x`, the declared type of a value
    /// (`CellAppearance` for `cellAppearance` declared `= CellAppearance()`),
    /// the value's name when its type is unknown, nil for an implicit member.
    /// Phase two takes a capitalized qualifier for a type (the rule catalogue "A member
    /// is resolved through its receiver's type").
    private func qualifier(of base: ExprSyntax?, at node: some SyntaxProtocol) -> String? {
        // A bare call (`scaled(…)`) is of the enclosing type or a global.
        guard let base else {
            let isBareCall = node.as(FunctionCallExprSyntax.self)?.calledExpression.is(DeclReferenceExprSyntax.self) == true
            return isBareCall ? TypeScope.enclosing(node)?.name : nil
        }
        let name = base.referencedName
        if name == "self" || name == "Self" { return TypeScope.enclosing(node)?.name }
        if let reference = base.unwrapped.as(DeclReferenceExprSyntax.self), let type = context.bindings.typeName(of: reference.baseName.text, at: node) {
            return type
        }
        return textViewClass(of: base, at: node) ?? name ?? base.oneLine
    }

    /// A UIKit/AppKit text view whose class the file does not declare has its
    /// framework's members, never another type's (the rule catalogue "A member is
    /// resolved through its receiver's type"): `button.titleLabel` of a known
    /// button, else a value named as a text view (`titleLabel`, `nameField`).
    /// A type's name is no value: `Metrics.Button.titleFont` is a member of
    /// the audited code's `Button` namespace, not of a `UIButton`.
    private func textViewClass(of base: ExprSyntax, at node: some SyntaxProtocol) -> String? {
        let expr = base.unwrapped
        let member = expr.as(MemberAccessExprSyntax.self)
        if let member, let owner = member.base,
            let ownerClass = qualifier(of: owner, at: node).flatMap({ UIKitVocabulary.textClass(named: $0, subclasses: context.textViewSubclasses) })
        {
            return UIKitVocabulary.textViewMember(member.declName.baseName.text, of: ownerClass)
        }
        guard let name = member?.declName.baseName.text ?? expr.as(DeclReferenceExprSyntax.self)?.baseName.text,
            name.first?.isUppercase == false
        else { return nil }
        // GitHawk's `Styles.Text.button`: a type's static member named for what it styles, not a view.
        if member?.base?.referencedName?.first?.isUppercase == true { return nil }
        return UIKitVocabulary.textClass(namedBy: name, appKit: receiverIsAppKit ?? context.prefersAppKit)
    }

    private func unresolved(_ node: ExprSyntax, _ reason: String) -> FontClassification {
        FontClassification(value: .unresolved(reason), unresolvedLeaves: [(node, reason)], spec: .code(Syntax(node)))
    }

    // MARK: Sizes

    struct SizeClass {
        var value: SizeValue
        var isScaledMetric = false
        /// The `@ScaledMetric`'s default value, to name the nearest text style.
        var scaledMetricDefault: Double?
    }

    func classifySize(_ expression: ExprSyntax, depth: Int) -> SizeClass {
        guard depth < Self.maximumDepth else { return SizeClass(value: .fixed) }
        let expr = expression.unwrapped
        if expr.isNumericLiteral { return SizeClass(value: .fixed) }
        if let metric = scaledMetric(in: expr) {
            return SizeClass(value: .scales, isScaledMetric: true, scaledMetricDefault: metric)
        }
        if containsScaledValueCall(expr) { return SizeClass(value: .scales) }
        if expr.referencedName == "pointSize", !isLocal(expr) {
            // the rule catalogue: a size read from another font (`label.font.pointSize`)
            // does not scale; a font's own size (`pointSize` in a UIFont
            // extension) is as scaling as that font, which is not known here.
            let base = expr.as(MemberAccessExprSyntax.self)?.base
            guard base == nil || base?.referencedName == "self" else { return SizeClass(value: .fixed) }
            return SizeClass(value: .parameter("pointSize"))
        }
        if let call = expr.as(FunctionCallExprSyntax.self), let name = call.calleeName,
            ["CGFloat", "Double", "Float", "Int"].contains(name), let only = call.firstUnlabeledArgument
        {
            return classifySize(only, depth: depth + 1)
        }
        if let reference = expr.as(DeclReferenceExprSyntax.self) {
            return classifySize(reference: reference.baseName.text, node: expr, depth: depth)
        }
        if let member = expr.as(MemberAccessExprSyntax.self) {
            if member.base?.referencedName == "self" {
                return classifySize(reference: member.declName.baseName.text, node: expr, depth: depth)
            }
            let reference = SymbolReference(
                name: member.declName.baseName.text, qualifier: qualifier(of: member.base, at: member),
                argumentLabels: nil, expected: .size
            )
            return SizeClass(value: .symbol(reference))
        }
        if let sequence = expr.as(SequenceExprSyntax.self) {
            return classifySize(sequence: Array(sequence.elements), depth: depth)
        }
        if let call = expr.as(FunctionCallExprSyntax.self), let name = call.calleeName {
            let reference = SymbolReference(
                name: name, qualifier: qualifier(of: call.calleeBase, at: call), argumentLabels: call.argumentLabels, expected: .size
            )
            return SizeClass(value: .symbol(reference))
        }
        return SizeClass(value: .fixed)
    }

    /// A local of the function (`let pointSize = field.font?.pointSize ?? 13`), not a font's own property.
    private func isLocal(_ expression: ExprSyntax) -> Bool {
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        if case .local = context.bindings.resolve(name, at: expression) { return true }
        return false
    }

    /// An unfolded operator sequence: its operands combined.
    func classifySize(sequence elements: [ExprSyntax], depth: Int) -> SizeClass {
        var elements = elements
        // `cond ? 18 : 16`: the size is one of the branches; the condition only chooses.
        if let index = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
            let ternary = elements[index].as(UnresolvedTernaryExprSyntax.self)
        {
            elements = [ternary.thenExpression] + elements[(index + 1)...]
        }
        return combine(elements.filter { !$0.is(BinaryOperatorExprSyntax.self) }.map { classifySize($0, depth: depth + 1) })
    }

    private func classifySize(reference name: String, node: ExprSyntax, depth: Int) -> SizeClass {
        switch context.bindings.resolve(name, at: node) {
        case .local(let binding):
            guard let value = binding.valueExpression else { return SizeClass(value: .parameter(name)) }
            return classifySize(value, depth: depth + 1)
        case .parameter:
            return SizeClass(value: .parameter(name))
        case .member(_, let variable, _) where Self.readsEnvironmentSetting(variable):
            // Hackers' `@Environment(\.textScaling) var textScaling`: the app's own setting, which
            // no text size changes: a non-scaling expression, fixed (the rule catalogue "Terms").
            return SizeClass(value: .fixed)
        case .member(let binding, _, let type):
            guard binding.valueExpression != nil else {
                let values = Self.initializerValues(of: name, in: type)
                if !values.isEmpty, values.allSatisfy({ $0.count == 1 && $0[0].isNumericLiteral }) { return SizeClass(value: .fixed) }
                let setByCallers = !values.isEmpty || type.hasMemberwiseInitializer
                return SizeClass(value: setByCallers ? .initialized(type: type.name, property: name) : .parameter(name))
            }
            return SizeClass(value: .symbol(SymbolReference(name: name, qualifier: type.name, argumentLabels: nil, expected: .size)))
        case .unknown:
            return SizeClass(value: .symbol(SymbolReference(name: name, qualifier: TypeScope.enclosing(node)?.name, argumentLabels: nil, expected: .size)))
        }
    }

    /// What the initializers of `type` assign to its stored property `name`
    /// (`textFieldFontSize = 13`, `self.size = size ?? 20`). The rule catalogue
    /// "Constants through stored properties": all literals make a constant;
    /// otherwise the size is judged with the initializers' calls.
    private static func initializerValues(of name: String, in type: TypeScope) -> [[ExprSyntax]] {
        type.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }.flatMap { assignedValues(of: name, in: $0) }
    }

    /// The values of the `name = value` / `self.name = value` statements of
    /// an initializer's body, also in its `if` and `switch` branches (not in
    /// closures it makes), as the unfolded operator sequence right of the
    /// `=` (`size ?? 20` is `[size, ??, 20]`).
    static func assignedValues(of name: String, in initializer: InitializerDeclSyntax) -> [[ExprSyntax]] {
        guard let body = initializer.body else { return [] }
        return body.descendants(SequenceExprSyntax.self).compactMap { sequence -> [ExprSyntax]? in
            guard sequence.parent?.is(CodeBlockItemSyntax.self) == true || sequence.parent?.is(ExpressionStmtSyntax.self) == true,
                sequence.ancestor(ClosureExprSyntax.self).map({ body.range.contains($0.position) }) != true
            else { return nil }
            let elements = Array(sequence.elements)
            guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), ReceiverIndex.normalize(elements[0]) == name
            else { return nil }
            return Array(elements.dropFirst(2))
        }
    }

    /// Arithmetic over sizes: anything scaling makes the result scale; one
    /// dependency among constants is that dependency.
    private func combine(_ parts: [SizeClass]) -> SizeClass {
        if let metric = parts.first(where: \.isScaledMetric) { return metric }
        if parts.contains(where: { $0.value == .scales }) { return SizeClass(value: .scales) }
        let dependencies = parts.filter { $0.value != .fixed }
        return dependencies.count == 1 ? dependencies[0] : SizeClass(value: .fixed)
    }

    /// The default value of the first `@ScaledMetric` property the expression
    /// names (nil inside when it is not a literal); nil when it names none.
    private func scaledMetric(in expr: ExprSyntax) -> Double?? {
        let metrics = context.facts.scaledMetrics
        guard !metrics.isEmpty else { return nil }
        for token in expr.tokens(viewMode: .sourceAccurate) {
            guard let value = metrics[token.text], Self.isOwnMember(token) else { continue }
            return .some(value < 0 ? nil : value)
        }
        return nil
    }

    /// `width` or `self.width`, not `geometry.size.width`: a member of another
    /// value is that value's type's, not this type's `@ScaledMetric` (the rule catalogue
    /// "A member is resolved through its receiver's type").
    private static func isOwnMember(_ token: TokenSyntax) -> Bool {
        guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return false }
        guard let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id else { return true }
        return member.base?.referencedName == "self"
    }

    private func containsScaledValueCall(_ expr: ExprSyntax) -> Bool {
        expr.tokens(viewMode: .sourceAccurate).contains { $0.text == "scaledValue" }
    }
}
