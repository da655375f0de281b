import SwiftSyntax

/// `.font(_:)` and custom font modifiers on SwiftUI views: `fixed_font_size`,
/// `fixed_custom_font`, `custom_font_without_relative_style`,
/// `scaled_metric_font_size`, `fixed_symbol_size` (icons only),
/// `fixed_font_token` and `unresolved_font`; and each text element's font status.
struct SwiftUIFontRule {
    let builder: AnalysisBuilder
    let inventory: SwiftUIInventory

    func run() {
        var bySource: [SyntaxIdentifier: (modifier: ModifierCall, consumers: [FontConsumer])] = [:]
        var order: [SyntaxIdentifier] = []
        for consumer in inventory.consumers {
            guard let nearest = consumer.source else { continue }
            for source in consumer.environment.platformAlternatives(to: nearest) {
                if bySource[source.call.id] == nil {
                    bySource[source.call.id] = (source, [])
                    order.append(source.call.id)
                }
                bySource[source.call.id]!.consumers.append(consumer)
            }
        }
        // Each element's exemption comes from its first consumer.
        var exempted = Set<Int>()
        for consumer in inventory.consumers {
            guard let index = consumer.elementIndex, exempted.insert(index).inserted else { continue }
            if let reason = consumer.environment.exemption(for: .fixedCustomFont) {
                builder.setStatus(.exempt(reason), ofElement: index)
            }
        }
        for id in order {
            let (modifier, consumers) = bySource[id]!
            judge(modifier, consumers: consumers)
        }
        applyFontHelpers()
    }

    /// the rule catalogue "Font helpers that are views": a `View` extension method or
    /// `ViewModifier` of the audited code that applies a font gives the text
    /// below it that font, judged as its definition; a modifier the audited
    /// code does not define as one leaves the font from further out.
    private func applyFontHelpers() {
        let classifier = FontClassifier(context: builder.context)
        var elementsByHelper: [SyntaxIdentifier: (helper: ModifierCall, elements: [Int])] = [:]
        var order: [SyntaxIdentifier] = []
        for consumer in inventory.consumers {
            guard let index = consumer.elementIndex, consumer.environment.exemption(for: .fixedFontToken) == nil else { continue }
            let helpers = consumer.environment.fontHelpers
            guard !helpers.isEmpty, let further = Self.value(of: builder.element(index).status) else { continue }
            let value = helpers.reversed().reduce(further) { otherwise, helper in
                let (reference, arguments) = Self.reference(to: helper, classifier)
                return .viewHelper(reference, arguments: arguments, otherwise: otherwise)
            }
            let written = helpers.map { "`\(ViewTree.written($0))`" }.joined(separator: ", ") + " if it sets a font, else " + builder.element(index).font
            builder.setFont(written, status: .symbol(value), ofElement: index)
            for helper in helpers {
                if elementsByHelper[helper.call.id] == nil { order.append(helper.call.id) }
                elementsByHelper[helper.call.id, default: (helper, [])].elements.append(index)
            }
        }
        for id in order {
            let (helper, elements) = elementsByHelper[id]!
            let (reference, arguments) = Self.reference(to: helper, classifier)
            let value = FontValue.viewHelper(reference, arguments: arguments, otherwise: .scales)
            builder.addHelperCalls([value])
            let written = ViewTree.written(helper)
            let node = helper.call.nameToken.map { Syntax($0) } ?? Syntax(helper.call)
            builder.report(builder.makeFinding(
                .fixedFontToken, at: node, message: "`\(written)` applies a design-system font whose definition does not scale",
                current: written, fix: "fix the definition so it scales (a text style, `relativeTo:` or UIFontMetrics)", elements: elements
            ), when: .fontOutcome(value, .fixed))
            builder.report(builder.makeFinding(
                .unresolvedFont, at: node, message: "`\(written)` applies a font that cannot be resolved", current: written,
                fix: "check that the font it applies scales", elements: elements
            ), when: .fontOutcome(value, .unresolved))
        }
    }

    /// The value an element's font has so far, or nil when it is exempt.
    private static func value(of status: ElementFontStatus) -> FontValue? {
        switch status {
        case .scales: return .scales
        case .fixed: return .fixed
        case .symbol(let value): return value
        case .unresolved(let reason): return .unresolved(reason)
        case .exempt: return nil
        }
    }

    private static func reference(to helper: ModifierCall, _ classifier: FontClassifier) -> (SymbolReference, [SymbolArgument]) {
        let call = ViewTree.helperCall(of: helper)
        let reference = SymbolReference(name: call.calleeName ?? helper.name, qualifier: nil, argumentLabels: call.argumentLabels, expected: .viewModifier)
        let arguments = call.arguments.map {
            SymbolArgument(label: $0.label?.text ?? "", size: classifier.classifySize($0.expression, depth: 0).value)
        }
        return (reference, arguments)
    }

    /// The modifier's font, and how it is written.
    private func classification(of modifier: ModifierCall) -> (FontClassification, written: String) {
        let classifier = FontClassifier(context: builder.context)
        if ViewTree.isStandardFontModifier(modifier), let argument = modifier.call.arguments.first?.expression {
            return (classifier.classify(argument, expecting: .font), argument.oneLine)
        }
        // A custom font modifier: judged by its definition (a `View` extension).
        let reference = SymbolReference(
            name: modifier.name, qualifier: nil, argumentLabels: modifier.call.argumentLabels, expected: .viewModifier
        )
        let arguments = modifier.call.arguments.map {
            SymbolArgument(label: $0.label?.text ?? "", size: classifier.classifySize($0.expression, depth: 0).value)
        }
        let value = FontValue.symbol(reference, arguments: arguments)
        let written = modifier.call.modifierText
        let font = FontClassification(
            value: value, symbolLeaves: [FontLeaf(modifier.call.nameToken ?? TokenSyntax(.identifier(modifier.name), presence: .missing), written: written, value: value)],
            helperCalls: [value], spec: .text("`\(written)`")
        )
        return (font, written)
    }

    private func judge(_ modifier: ModifierCall, consumers: [FontConsumer]) {
        if ViewTree.isStandardFontModifier(modifier), let argument = modifier.call.arguments.first?.expression,
            FontClassifier(context: builder.context).isEnvironmentFont(argument)
        {
            return
        }
        let (font, written) = classification(of: modifier)
        builder.markJudged(font.sites)
        builder.addHelperCalls(font.helperCalls)

        let hold = fixedCanvasFrame(after: modifier)
        for site in font.sites {
            let rule = site.rule
            let textual = consumers.filter { $0.isTextual && $0.environment.exemption(for: rule) == nil }
            if !textual.isEmpty {
                builder.report(site, elements: textual.compactMap(\.elementIndex), hold: hold)
                continue
            }
            // A `.resizable()` image is as large as its frame: the font does not size it (CotEditor's 26×22 glyph).
            let icons = consumers.filter {
                $0.kind == .image && $0.environment.exemption(for: rule) == nil
                    && !ViewTree.modifiers(appliedTo: $0.node).contains { $0.name == "resizable" }
            }
            if rule == .fixedFontSize, !icons.isEmpty {
                builder.report(symbolSizeSite(from: site))
            }
        }

        let textual = consumers.filter { $0.isTextual && $0.environment.exemption(for: .fixedCustomFont) == nil }
        if !textual.isEmpty {
            builder.reportFontUses(
                font, elements: textual.compactMap(\.elementIndex), scalingAPI: "a text style, `relativeTo:` or UIFontMetrics"
            )
        }

        for consumer in consumers {
            guard let index = consumer.elementIndex else { continue }
            if case .exempt = builder.element(index).status { continue }
            builder.setFont(written, status: status(of: font, for: consumer), ofElement: index)
        }
    }

    /// On a widget's fixed canvas no `fixed_text_height` frees a frame
    /// (`WidgetCanvas`): a font scaled inside `.frame(height: 28)` further
    /// along its chain would only clip, so the frame and the font are a
    /// person's to change together.
    private func fixedCanvasFrame(after modifier: ModifierCall) -> FixHold? {
        guard builder.context.facts.drawsOnFixedCanvas,
            let frame = ViewTree.modifiers(appliedTo: modifier.call).first(where: {
                $0.name == "frame" && $0.call.argument("height")?.isNumericLiteral == true
            })
        else { return nil }
        return FixHold(reason: "the text sits in `\(frame.call.modifierText)` on the widget's fixed canvas; scale the frame with the text", rules: nil)
    }

    private func status(of font: FontClassification, for consumer: FontConsumer) -> ElementFontStatus {
        if let fixed = font.sites.first(where: { $0.makesFontFixed && $0.dependency == nil }) {
            if let reason = consumer.environment.exemption(for: fixed.rule) { return .exempt(reason) }
            return .fixed
        }
        if !font.symbolLeaves.isEmpty || containsDependency(font.value) { return .symbol(font.value) }
        if let unresolved = font.unresolvedLeaves.first { return .unresolved(unresolved.reason) }
        return .scales("\(font.spec) scales")
    }

    private func containsDependency(_ value: FontValue) -> Bool {
        switch value {
        case .sized, .symbol, .viewHelper: return true
        case .anyOf(let branches): return branches.contains(where: containsDependency)
        case .scales, .fixed, .readOnce, .unresolved, .fromCallers: return false
        }
    }

    /// `.font(.system(size:))` whose only targets are images sizes an icon, not text.
    private func symbolSizeSite(from site: FontSite) -> FontSite {
        var symbol = FontSite(
            node: site.node, rule: .fixedSymbolSize,
            message: "a fixed point size on a symbol image does not scale with the adjacent text",
            // The replacement takes the constructor's place: a modifier chained after it (`.weight(.semibold)`) stays.
            // No style stands for a display or run-time size: the font's advice to scale it holds for the symbol too.
            replacement: site.replacement, fix: Self.symbolFix(replacement: site.replacement, advice: site.fix),
            dependency: site.dependency
        )
        // A macOS app's symbols take macOS's style sizes too (16 pt is no `.callout` there).
        symbol.onMacOS = site.onMacOS.map { FixAlternative(replacement: $0.replacement, fix: Self.symbolFix(replacement: $0.replacement, advice: $0.fix)) }
        symbol.onWatchOS = site.onWatchOS
        return symbol
    }

    private static func symbolFix(replacement: String?, advice: String) -> String {
        replacement.map { "use `\($0)` in place of the fixed size, or `.imageScale(_:)`" } ?? advice
    }
}

extension SwiftUIFontRule: UnitRuleFamily {
    static let scope = UnitScope.member
    static let triggers: [Trigger] = ["font", "Font"]
    static func run(in unit: UnitRun) { SwiftUIFontRule(builder: unit.builder, inventory: unit.inventory).run() }
}
