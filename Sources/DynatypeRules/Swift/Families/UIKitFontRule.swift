import SwiftSyntax

/// UIKit/AppKit text views: their inventory, the fonts assigned to them
/// (constructor rules, `fixed_font_token`, `unresolved_font`) and
/// `missing_adjusts_font` across the methods of the enclosing type.
struct UIKitFontRule {
    let builder: AnalysisBuilder
    let receivers: ReceiverIndex

    /// Registers the text views as elements; returns each receiver's element.
    func run() -> [Receiver: Int] {
        var elementOf: [Receiver: Int] = [:]
        // Views drawn only into images, and labels made only to measure text, show no text.
        let unshown = ImageOnlyViews.receivers(in: builder.context.index, receivers).union(MeasuringViews.receivers(in: builder.context.index))
        let held = HeldTextViews(context: builder.context, receivers: receivers)
        for receiver in elementReceivers() where !unshown.contains(receiver) {
            let index = registerElement(receiver)
            if let hold = held.hold(of: receiver) { builder.hold(fixesOfElement: index, hold) }
            elementOf[receiver] = index
            elementOf[receiver.titleLabel] = index
            judgeFonts(of: receiver, element: index)
        }
        // Fonts given to anything else with a `font` (a custom view's own
        // property) are still judged here: `ConstructorRule` leaves every
        // font assignment to this rule.
        for (receiver, assignments) in receivers.assignments
        where elementOf[receiver] == nil && !unshown.contains(receiver) && !drawsConfiguredTitle(receiver) && !showsOnlyAnImage(receiver) {
            for assignment in assignments where assignment.property == .font {
                let font = judge(assignment, of: receiver, elements: [])
                // A struct's own `font` (CodeEdit's `@State var font`) is a value it hands to other code, no view's.
                if receiver.path != "self" || TypeScope.enclosing(assignment.statement)?.isClass == true {
                    builder.reportFixedTokens(font, scalingAPI: "preferredFont or UIFontMetrics")
                }
            }
        }
        let styled = receivers.outlets.isEmpty ? [] : receiversOfStylingMethods()
        for (receiver, node) in receivers.outlets {
            defineFontInCode(of: receiver, declaredAt: node, styledByMethod: styled.contains(receiver))
        }
        return elementOf
    }

    /// An outlet whose font this code sets (or whose attributed text carries
    /// one): its Interface Builder document's font never shows.
    private func defineFontInCode(of receiver: Receiver, declaredAt node: Syntax, styledByMethod: Bool) {
        let assigned = styledByMethod || !fontAssignments(of: receiver).isEmpty || isGivenFontByFunction(receiver)
        guard assigned || !attributedTextAssignments(of: receiver).isEmpty, let owner = TypeScope.enclosing(node)?.name else { return }
        builder.addDefinition(SymbolDefinition(
            name: receiver.path, container: owner, kind: .outletFontInCode, parameters: nil,
            value: .font(.unresolved(assigned ? OutletFontInCode.assigned : OutletFontInCode.attributed)), position: builder.context.position(of: node)
        ))
    }

    /// `setupValueScroll(valueText: valueText2, …)` where that function of
    /// the file sets its parameter's font (`valueText.font = …`): the outlet
    /// is given a font in code, judged in the function.
    private func isGivenFontByFunction(_ receiver: Receiver) -> Bool {
        let index = builder.context.index
        return index.calls.contains { call in
            guard let name = call.calleeName else { return false }
            return call.arguments.enumerated().contains { position, argument in
                guard argument.expression.unwrapped.is(DeclReferenceExprSyntax.self),
                    receivers.receivers(for: argument.expression, at: call).contains(receiver)
                else { return false }
                return index.functions.contains { function in
                    guard function.name.text == name,
                        let parameter = Self.parameter(of: function, label: argument.label?.text, at: position),
                        let body = function.body
                    else { return false }
                    return index.assignments.contains { assignment in
                        guard body.range.contains(assignment.position),
                            let target = assignment.elements.first?.unwrapped.as(MemberAccessExprSyntax.self)
                        else { return false }
                        return target.declName.baseName.text == "font" && target.base?.unwrapped.referencedName == parameter
                    }
                }
            }
        }
    }

    /// The views a method named for styling them is called on (woocommerce's
    /// `titleLabel.applyHeadlineStyle()`, which the app's extensions define to
    /// set the font and the adjusting flag): their fonts are set in code, and
    /// judged where the method is defined.
    private func receiversOfStylingMethods() -> Set<Receiver> {
        var styled: Set<Receiver> = []
        for call in builder.context.index.calls {
            guard let name = call.calleeName?.lowercased(), name.contains("style") || name.contains("font"), let base = call.calleeBase else { continue }
            styled.formUnion(receivers.receivers(for: base, at: call))
        }
        return styled
    }

    /// The name inside the function of the parameter an argument fills.
    private static func parameter(of function: FunctionDeclSyntax, label: String?, at position: Int) -> String? {
        let parameters = Array(function.signature.parameterClause.parameters)
        let parameter: FunctionParameterSyntax?
        if let label {
            parameter = parameters.first { $0.firstName.text == label }
        } else {
            parameter = position < parameters.count && parameters[position].firstName.tokenKind == .wildcard ? parameters[position] : nil
        }
        return parameter.map { ($0.secondName ?? $0.firstName).text }
    }

    /// Classifies a font assigned to a receiver and reports its sites. When
    /// only the audit's classes can tell whether the receiver is AppKit's or
    /// UIKit's (a cell whose superclasses are declared in other files), a site
    /// judged differently under the two is reported under both, each on the
    /// condition that picks it (the rule catalogue "UIKit or AppKit is decided by type").
    private func judge(_ assignment: PropertyAssignment, of receiver: Receiver, elements: [Int]) -> FontClassification {
        let appKit = receivers.isAppKit(receiver)
        let value = borrowedFont(assignment, of: receiver) ?? assignment.value
        let classify = { (appKit: Bool?) in
            FontClassifier(context: self.builder.context, receiverIsAppKit: appKit).classify(sequence: value, expecting: .platformFont, depth: 0)
        }
        let font = classify(appKit)
        builder.markJudged(font.sites)
        builder.addHelperCalls(font.helperCalls)
        if appKit == nil, !builder.context.prefersAppKit, let type = receivers.undecidedClass(of: receiver) {
            let asAppKit = classify(true)
            if asAppKit.sites.count == font.sites.count {
                for (uiKitSite, appKitSite) in zip(font.sites, asAppKit.sites) {
                    if uiKitSite.rule == appKitSite.rule, uiKitSite.message == appKitSite.message, uiKitSite.replacement == appKitSite.replacement {
                        builder.report(uiKitSite, elements: elements)
                    } else {
                        builder.report(uiKitSite, elements: elements, also: .classIsAppKit(type: type, appKit: false))
                        builder.report(appKitSite, elements: elements, also: .classIsAppKit(type: type, appKit: true))
                    }
                }
                return font
            }
        }
        for site in font.sites { builder.report(site, elements: elements) }
        return font
    }

    /// `versionLabel.font = titleLabel.font`: the font this code gives the
    /// other view (its one assignment here) is this view's font too.
    private func borrowedFont(_ assignment: PropertyAssignment, of receiver: Receiver) -> [ExprSyntax]? {
        guard let read = assignment.singleValue?.unwrapped.as(MemberAccessExprSyntax.self), read.declName.baseName.text == "font",
            let base = read.base
        else { return nil }
        let sources = receivers.receivers(for: base, at: assignment.statement).filter { $0 != receiver }
        guard sources.count == 1, let source = sources.first else { return nil }
        let given = fontAssignments(of: source)
        guard given.count == 1, given[0].singleValue?.unwrapped.as(MemberAccessExprSyntax.self)?.declName.baseName.text != "font" else { return nil }
        return given[0].value
    }

    /// Declared text views and other text views that get a font, in source
    /// order; a button's `titleLabel` counts as the button.
    private func elementReceivers() -> [Receiver] {
        // An outlet whose font the Swift code never sets is the Interface
        // Builder document's element, not this file's.
        var result = Set(receivers.declared.keys.filter { !fontAssignments(of: $0).isEmpty && !showsOnlyAnImage($0) })
        // The pass over everything handed on is made only for files that make a view it could clear.
        let unstyled = receivers.declared.keys.filter { !result.contains($0) && !isOutlet($0) && showsTextInDefaultFont($0) }
        if !unstyled.isEmpty {
            let handedOn = handedOnReceivers()
            result.formUnion(unstyled.filter { !handedOn.contains($0) })
        }
        for receiver in receivers.assignments.keys where !fontAssignments(of: receiver).isEmpty {
            if let owner = receiver.owner, result.contains(owner) || drawsConfiguredTitle(receiver) { continue }
            if receivers.isTextView(receiver), !showsOnlyAnImage(receiver) { result.insert(receiver) }
        }
        return result.sorted { position(of: $0) < position(of: $1) }
    }

    /// A button the code gives an image and an empty title (WWDC's volume
    /// button): its font sizes no text (the rule catalogue "A button is a text
    /// element only when it shows text").
    private func showsOnlyAnImage(_ receiver: Receiver) -> Bool {
        guard let textClass = receivers.textClass(of: receiver), ["UIButton", "NSButton"].contains(textClass) else { return false }
        return receivers.isUntitledImageButton(receiver)
    }

    private func position(of receiver: Receiver) -> AbsolutePosition {
        if let declared = receivers.declared[receiver] { return declared.node.positionAfterSkippingLeadingTrivia }
        return receivers.assignments[receiver]?.first?.statement.positionAfterSkippingLeadingTrivia ?? AbsolutePosition(utf8Offset: 0)
    }

    /// A view made here with no font set here shows text in its class's
    /// default font, unless its class (declared in the file) sets its own
    /// font, judged there, or it is a button given no title here (an icon
    /// button). A view this code does not make (`var field: UITextField!`
    /// given another's, `createButton(…)`, an appearance proxy) has its font
    /// where it is made.
    private func showsTextInDefaultFont(_ receiver: Receiver) -> Bool {
        guard let declared = receivers.declared[receiver] else { return true }
        guard let made = receivers.constructors[receiver], made.calleeName == "init" || made.calleeName?.first?.isUppercase == true
        else { return false }
        let className = declared.node.as(PatternBindingSyntax.self)?.declaredTypeName ?? declared.textClass
        // `let symbol: NSTextField = LabelField(unit)`: the class made is the one that may style itself.
        let styledByClass = builder.context.facts.selfStyledSubclasses
        if styledByClass.contains(className) || made.calleeName.map(styledByClass.contains) == true { return false }
        // `NSTextField(labelWithAttributedString:)`: its attributes' font is judged where the string is made.
        if made.arguments.contains(where: { $0.label?.text.lowercased().contains("attributed") == true }) { return false }
        return !["UIButton", "NSButton"].contains(declared.textClass) || receivers.isGivenATitle(receiver)
    }

    /// A view given to other code (`configureValueLabel(label)`, `return
    /// textView` from `makeNSView`, `self.textView = textView`) may get its
    /// font there; putting it in the hierarchy or laying it out does not, nor
    /// does a function of this file that neither styles the view nor hands it
    /// on (Rectangle's `makeLabelStack(label, icon)`), nor a property of this
    /// type that nothing styles or hands on (`combinedDisplayModeCheckbox = checkbox`).
    /// One pass over the unit's calls, assignments and returns, not one per view.
    private func handedOnReceivers() -> Set<Receiver> {
        let index = builder.context.index
        let helpers = Dictionary(grouping: index.functions, by: \.name.text)
        // By function and parameter position: a helper called from many places is read once.
        var handsOn: [String: Bool] = [:]
        let passed = index.calls.flatMap { call -> [ExprSyntax] in
            guard let name = call.calleeName, name.first?.isLowercase == true, !Self.hierarchyCalls.contains(name) else { return [] }
            let helper = helpers[name].flatMap { $0.count == 1 ? $0[0] : nil }
            return call.arguments.enumerated().compactMap { position, argument in
                guard Self.isPlainName(argument.expression) else { return nil }
                guard let helper, let body = helper.body else { return argument.expression }
                let parameters = helper.signature.parameterClause.parameters
                guard position < parameters.count else { return argument.expression }
                let key = "\(name)#\(position)"
                if handsOn[key] == nil {
                    let parameter = parameters[parameters.index(parameters.startIndex, offsetBy: position)]
                    handsOn[key] = Self.stylesOrHandsOn((parameter.secondName ?? parameter.firstName).text, in: body)
                }
                return handsOn[key]! ? argument.expression : nil
            }
        }
        // `titleLabel.applyThemeCollection(collection, itemStyle: .bigTitle)`: the view styled by a method of its own.
        let themed = index.calls.compactMap { call -> ExprSyntax? in
            guard let base = call.calleeBase, Self.isPlainName(base), let name = call.calleeName?.lowercased(),
                Self.stylingWords.contains(where: name.contains)
            else { return nil }
            return base
        }
        let returned = index.returnedValues.filter { !Self.buildsProperty($0) }
        // Styled under another name (`if let label = nameLabel { label.font = … }`, pocket-casts' folder preview).
        let renamed = index.renamingBindings.compactMap { $0.initializer?.value }
        let given = Set((passed + themed + returned + renamed).filter(Self.isPlainName).flatMap { receivers.receivers(for: $0, at: $0) })
        // Kept in a property of its own type, whose other code may style it
        // (not another view's slot: `alert.accessoryView = field` styles nothing).
        // (Only a view of this code matters, and each property is asked once.)
        var styledProperty: [Receiver: Bool] = [:]
        let stored = index.assignments.compactMap { assignment -> ExprSyntax? in
            let elements = Array(assignment.elements)
            guard elements.count == 3, Self.isPlainName(elements[0]), Self.isPlainName(elements[2]),
                receivers.receivers(for: elements[2], at: elements[2]).contains(where: { receivers.declared[$0] != nil })
            else { return nil }
            let kept = receivers.receivers(for: elements[0], at: assignment)
            let styled = kept.contains { property in
                if let known = styledProperty[property] { return known }
                let styled = given.contains(property) || !fontAssignments(of: property).isEmpty || !attributedTextAssignments(of: property).isEmpty
                styledProperty[property] = styled
                return styled
            }
            return styled || kept.allSatisfy({ receivers.declared[$0] == nil }) ? elements[2] : nil
        }
        return given.union(stored.filter(Self.isPlainName).flatMap { receivers.receivers(for: $0, at: $0) })
    }

    /// Words of a method that styles the view it is called on (ownCloud's
    /// `applyThemeCollection(_:itemStyle:)`, `label.style(.caption)`).
    private static let stylingWords = ["theme", "style", "appearance", "configure"]

    /// Whether a function's body gives its parameter a font (or an attributed
    /// text), or hands it on again: passes it to other code or returns it.
    private static func stylesOrHandsOn(_ parameter: String, in body: CodeBlockSyntax) -> Bool {
        let styledProperties: Set<String> = ["font", "attributedText", "attributedStringValue", "attributedTitle", "configuration"]
        for reference in body.descendants(DeclReferenceExprSyntax.self) where reference.baseName.text == parameter {
            let parent = reference.parent
            if let member = parent?.as(MemberAccessExprSyntax.self), styledProperties.contains(member.declName.baseName.text) { return true }
            if parent?.is(ReturnStmtSyntax.self) == true { return true }
            if let argument = parent?.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                let name = call.calleeName, !hierarchyCalls.contains(name)
            {
                return true
            }
        }
        return false
    }

    /// `let label: UILabel = { let label = UILabel() … return label }()`: the
    /// view returned is the property itself, not handed on.
    private static func buildsProperty(_ returned: ExprSyntax) -> Bool {
        guard let closure = returned.ancestor(ClosureExprSyntax.self), let call = closure.parent?.as(FunctionCallExprSyntax.self),
            call.calledExpression.id == closure.id
        else { return false }
        return call.parent?.is(InitializerClauseSyntax.self) == true
    }

    private static func isPlainName(_ expression: ExprSyntax) -> Bool {
        let expr = expression.unwrapped
        return expr.is(DeclReferenceExprSyntax.self) || expr.as(MemberAccessExprSyntax.self)?.base?.unwrapped.referencedName == "self"
    }

    /// Calls that place or lay out a view without styling it (UIKit's, and
    /// AppKit's stack and grid views': `stack.addView(goBack, in: .trailing)`).
    private static let hierarchyCalls: Set<String> = [
        "addSubview", "addArrangedSubview", "insertSubview", "insertArrangedSubview", "removeFromSuperview", "bringSubviewToFront",
        "sendSubviewToBack", "setCustomSpacing", "addLayoutGuide", "constraint", "activate", "append", "addGestureRecognizer",
        "addView", "insertView", "setViews", "addRow", "insertRow", "addColumn", "insertColumn",
    ]

    /// The title label of a configured button: the configuration's font is
    /// the one drawn, so what the label is given never shows.
    private func drawsConfiguredTitle(_ receiver: Receiver) -> Bool {
        receiver.owner.map(receivers.isConfigured) ?? false
    }

    private func isOutlet(_ receiver: Receiver) -> Bool {
        receivers.outlets[receiver] != nil
    }

    private func registerElement(_ receiver: Receiver) -> Int {
        let declared = receivers.declared[receiver]
        let node = declared?.node ?? Syntax(receivers.assignments[receiver]!.first!.statement)
        let textClass = receivers.textClass(of: receiver) ?? "text view"
        return builder.addElement(TextElement(
            kind: textClass, position: builder.context.position(of: node), description: receiver.path, font: "not set here",
            status: .unresolved("no font is set in the audited code; \(textClass)'s default font is a fixed size")
        ))
    }

    /// A configured button draws its title in the configuration's font,
    /// whatever its `titleLabel.font` says.
    private func fontAssignments(of receiver: Receiver) -> [PropertyAssignment] {
        let titleFonts = receivers.isConfigured(receiver) ? [] : receivers.assignments(to: receiver.titleLabel, .font)
        return (receivers.assignments(to: receiver, .font) + titleFonts)
            .filter { !restylesOwnFont($0) }
            .sorted { $0.statement.position < $1.statement.position }
    }

    /// `label.font = label.font.monospaced()`, or `UIFont(descriptor:
    /// label.font.fontDescriptor.withSymbolicTraits(.traitBold)!, size:
    /// label.font.pointSize)`: the view's own font with a trait, whatever set
    /// it (for an outlet, its Interface Builder document), so no font of its
    /// own. A new size (`withSize`) is one.
    private func restylesOwnFont(_ assignment: PropertyAssignment) -> Bool {
        guard var value = assignment.singleValue?.unwrapped, let target = assignment.statement.elements.first?.unwrapped.as(MemberAccessExprSyntax.self)
        else { return false }
        if let call = value.as(FunctionCallExprSyntax.self), let descriptor = call.argument("descriptor"),
            let font = FontClassifier(context: builder.context).restyledFont(descriptor: descriptor, size: call.argument("size"))
        {
            value = font.unwrapped
        }
        while let call = value.as(FunctionCallExprSyntax.self), let name = call.calleeName, FontClassifier.fontModifiers.contains(name),
            let base = call.calleeBase
        {
            value = base.unwrapped
        }
        guard value.id != assignment.singleValue?.unwrapped.id, let read = value.as(MemberAccessExprSyntax.self),
            read.declName.baseName.text == "font"
        else { return false }
        let written = { (base: ExprSyntax?) in base.map(ReceiverIndex.normalize) ?? "self" }
        return written(read.base) == written(target.base)
    }

    private func judgeFonts(of receiver: Receiver, element: Int) {
        let assignments = fontAssignments(of: receiver)
        guard !assignments.isEmpty else {
            if receivers.isConfigured(receiver) {
                builder.setFont("button configuration", status: .scales("a button configuration's title uses a text style"), ofElement: element)
            } else if let attributed = attributedTextAssignments(of: receiver).first {
                judgeAttributedFont(attributed, of: receiver, element: element)
            } else {
                reportUnsetFont(of: receiver, element: element)
            }
            return
        }
        var judged: [(PropertyAssignment, FontClassification)] = []
        for assignment in assignments {
            let font = judge(assignment, of: receiver, elements: [element])
            builder.reportFontUses(font, elements: [element], scalingAPI: "preferredFont or UIFontMetrics")
            judged.append((assignment, font))
        }
        let fonts = judged.map(\.1)
        let written = assignments.map { $0.value.map(\.oneLine).joined(separator: " ") }.joined(separator: "; ")
        builder.setFont(written, status: Self.status(of: fonts), ofElement: element)
        if isUIKit(receiver, fonts: judged) { checkAdjustsFont(receiver, element: element, fonts: judged) }
    }

    /// The rule catalogue `unset_font`: nothing sets the view's font, so it
    /// keeps its class's fixed default — unless an appearance proxy of the
    /// audited code gives its class one. Located on the initializer call.
    private func reportUnsetFont(of receiver: Receiver, element: Int) {
        let textClass = builder.element(element).kind
        let declared = receivers.declared[receiver]
        let node = receivers.constructors[receiver].map(Syntax.init) ?? declared?.node ?? Syntax(receivers.assignments[receiver]!.first!.statement)
        // The class made (`let b: UIButton = NCButton()`) is the one whose proxy or initializers may style it.
        let made = receivers.constructors[receiver]?.calleeName.flatMap { $0.first?.isUppercase == true ? $0 : nil }
        let className = made ?? declared?.node.as(PatternBindingSyntax.self)?.declaredTypeName ?? textClass
        let appKit = UIKitVocabulary.isAppKit(textClass)
        let font = appKit ? "NSFont.preferredFont(forTextStyle: .body)" : "UIFont.preferredFont(forTextStyle: .body)"
        // A UIButton's title is its `titleLabel`'s: the button has neither property to set.
        let label = textClass == "UIButton" ? "\(receiver.path).titleLabel?" : receiver.path
        let fix = "set `\(label).font = \(font)`" + (appKit ? "" : " and `\(label).adjustsFontForContentSizeCategory = true`")
        builder.setFont("not set", status: .fixed, ofElement: element)
        builder.report(builder.makeFinding(
            .unsetFont, at: node,
            message: "no font is set for `\(receiver.path)`: it keeps \(textClass)'s default font, a fixed size",
            current: receivers.constructors[receiver]?.oneLine ?? receiver.path, fix: fix, elements: [element]
        ), when: .noAppearanceFont(type: className))
    }

    /// `label.attributedText = …`, `button.setAttributedTitle(…)`,
    /// `textView.textStorage?.setAttributedString(…)`: the string's `.font`
    /// attribute is the view's font.
    private func attributedTextAssignments(of receiver: Receiver) -> [Syntax] {
        let properties: Set<String> = ["attributedText", "attributedStringValue", "attributedTitle"]
        let assigned = builder.context.index.assignments.filter { assignment in
            guard let target = assignment.elements.first?.unwrapped.as(MemberAccessExprSyntax.self),
                properties.contains(target.declName.baseName.text)
            else { return false }
            return receivers.receivers(for: target.base, at: assignment).contains { $0 == receiver || $0 == receiver.titleLabel }
        }.map(Syntax.init)
        let titled = builder.context.index.calls(named: "setAttributedTitle").filter { call in
            receivers.receivers(for: call.calleeBase, at: call).contains(receiver)
        }
        let stored = builder.context.index.calls(named: "setAttributedString").filter { call in
            guard let storage = call.calleeBase?.unwrapped.as(MemberAccessExprSyntax.self), storage.declName.baseName.text == "textStorage" else { return false }
            return receivers.receivers(for: storage.base, at: call).contains(receiver)
        }
        let called = (titled + stored).map(Syntax.init)
        return (assigned + called).sorted { $0.position < $1.position }
    }

    /// The `.font` attributes written in the string's expression (or in the
    /// dictionary a function it calls returns), or, for a string built in a
    /// local, in that local's value and its `addAttribute(.font, value: …)` /
    /// `addAttributes([.font: …])` calls.
    private func attributedFonts(in assignment: Syntax) -> [ExprSyntax] {
        var fonts = fontsWritten(in: assignment)
        // `attributes: attributes()`: the dictionary a function of the type returns.
        for call in assignment.descendants(FunctionCallExprSyntax.self) where call.arguments.isEmpty {
            guard let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else { continue }
            for function in builder.context.index.functions where function.name.text == name && function.signature.parameterClause.parameters.isEmpty {
                fonts += function.body.map { fontsWritten(in: Syntax($0)) } ?? []
            }
        }
        let value: [ExprSyntax]
        if let sequence = assignment.as(SequenceExprSyntax.self) {
            // `attributedText = toString + " " + roomString`: each part.
            value = Array(sequence.elements.dropFirst(2))
        } else {
            value = assignment.as(FunctionCallExprSyntax.self)?.arguments.first.map { [$0.expression] } ?? []
        }
        let names = value.compactMap { $0.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text }
        guard fonts.isEmpty, !names.isEmpty else { return fonts }
        for name in names {
            if case .local(let binding) = builder.context.bindings.resolve(name, at: assignment), let initial = binding.initializer {
                fonts += fontsWritten(in: Syntax(initial))
            }
        }
        let index = builder.context.index
        for call in index.calls(named: "addAttribute") + index.calls(named: "addAttributes") + index.calls(named: "append")
        where call.calleeBase?.unwrapped.referencedName.map(names.contains) == true {
            if call.calleeName == "addAttribute", call.firstUnlabeledArgument?.unwrapped.referencedName == "font", let font = call.argument("value") {
                fonts.append(font)
            } else {
                // `append(NSAttributedString(string: s, attributes: attrs))`, with `attrs[.font] = …` set before.
                fonts += fontsWritten(in: Syntax(call))
            }
        }
        return fonts
    }

    /// `[.font: f]`, and SwiftyAttributes' `"To".withFont(f)` (Nextcloud Talk),
    /// written in the node or in the attributes dictionaries it names
    /// (`NSAttributedString(string: s, attributes: attributes)`).
    private func fontsWritten(in node: Syntax) -> [ExprSyntax] {
        var fonts = Self.fontEntries(in: node)
            + node.descendants(FunctionCallExprSyntax.self).filter { $0.calleeName == "withFont" }.compactMap { $0.arguments.first?.expression }
        for argument in node.descendants(LabeledExprSyntax.self) where argument.label?.text == "attributes" {
            guard let dictionary = argument.expression.unwrapped.plainName else { continue }
            fonts += fontsSubscripted(into: dictionary)
            // GitHawk's `var attributes = [.font: …]` in the function, Mullvad's `defaultTextAttributes` property.
            switch builder.context.bindings.resolve(dictionary, at: argument) {
            case .local(let binding), .member(let binding, _, _): fonts += binding.initializer.map { Self.fontEntries(in: Syntax($0)) } ?? []
            case .parameter, .unknown: break
            }
        }
        return fonts
    }

    private static func fontEntries(in node: Syntax) -> [ExprSyntax] {
        node.descendants(DictionaryElementSyntax.self).filter { $0.key.unwrapped.referencedName == "font" }.map(\.value)
    }

    /// `attrs[.font] = …`: the fonts put in an attributes dictionary by subscript.
    private func fontsSubscripted(into dictionary: String) -> [ExprSyntax] {
        builder.context.index.assignments.compactMap { assignment in
            let elements = Array(assignment.elements)
            guard elements.count == 3, let subscripted = elements[0].unwrapped.as(SubscriptCallExprSyntax.self),
                subscripted.calledExpression.referencedName == dictionary,
                subscripted.arguments.first?.expression.unwrapped.referencedName == "font"
            else { return nil }
            return elements[2]
        }
    }

    /// The rule catalogue "Attributed fonts are fonts": the `.font` attributes
    /// written in the string's expression are judged as the view's font; a
    /// string made elsewhere leaves the font unresolved.
    private func judgeAttributedFont(_ assignment: Syntax, of receiver: Receiver, element: Int) {
        let classifier = FontClassifier(context: builder.context, receiverIsAppKit: receivers.isAppKit(receiver))
        let fonts = attributedFonts(in: assignment).map { classifier.classify(sequence: [$0], expecting: .platformFont, depth: 0) }
        guard !fonts.isEmpty else {
            builder.setFont("attributed text", status: .unresolved("its font comes from an attributed string made elsewhere"), ofElement: element)
            builder.report(builder.makeFinding(
                .unresolvedFont, at: assignment,
                message: "the font cannot be resolved: `\(receiver.path)`'s font comes from an attributed string made elsewhere",
                current: receiver.path, fix: "give the string's `.font` attribute a text-style font", elements: [element]
            ))
            return
        }
        for font in fonts {
            builder.markJudged(font.sites)
            for site in font.sites { builder.report(site, elements: [element]) }
            builder.reportFontUses(font, elements: [element], scalingAPI: "preferredFont or UIFontMetrics")
        }
        builder.setFont("attributed text", status: Self.status(of: fonts), ofElement: element)
    }

    private static func status(of fonts: [FontClassification]) -> ElementFontStatus {
        if fonts.contains(where: \.hasCertainFixedSite) { return .fixed }
        let dependent = fonts.filter { !$0.symbolLeaves.isEmpty || $0.sites.contains { $0.dependency != nil } }
        if !dependent.isEmpty { return .symbol(.anyOf(dependent.map(\.value))) }
        if let unresolved = fonts.lazy.flatMap(\.unresolvedLeaves).first { return .unresolved(unresolved.reason) }
        return .scales(fonts.map(\.spec.description).joined(separator: "; ") + " scales")
    }

    private func isUIKit(_ receiver: Receiver, fonts: [(PropertyAssignment, FontClassification)]) -> Bool {
        if let textClass = receivers.textClass(of: receiver) { return !UIKitVocabulary.isAppKit(textClass) }
        let written = fonts.map { $0.0.value.map(\.trimmedText).joined() }.joined()
        if written.contains("NSFont") { return false }
        return builder.context.importsUIKit || written.contains("UIFont")
    }

    /// the rule catalogue: a scaling font without `adjustsFontForContentSizeCategory = true`
    /// on the receiver or its `titleLabel` anywhere in the type; an explicit
    /// `false` next to a fixed font is an opt-out (note 2) and is not reported.
    private func checkAdjustsFont(_ receiver: Receiver, element: Int, fonts: [(PropertyAssignment, FontClassification)]) {
        let related = [receiver, receiver.titleLabel] + (receiver.owner.map { [$0] } ?? [])
        let adjusts = related.flatMap { receivers.assignments(to: $0, .adjustsFontForContentSizeCategory) }
        guard !adjusts.contains(where: { $0.singleValue?.booleanValue == true }) else { return }
        // An explicit `false` would still win over an added `true`: that line is the author's to change.
        let optedOut = adjusts.contains { $0.singleValue?.booleanValue == false }
        let makeFinding = { (assignment: PropertyAssignment) in
            let fix = "\(assignment.writtenReceiver)adjustsFontForContentSizeCategory = true"
            let finding = builder.makeFinding(
                .missingAdjustsFont, at: assignment.statement,
                message: "the font scales, but without `adjustsFontForContentSizeCategory = true` it is set once and never follows the user's text size",
                replacement: fix, fix: "add `\(fix)`", elements: [element]
            )
            return optedOut ? finding.withoutReplacement(because: "the code sets it to `false` on purpose; make that `true` where the text should follow the size") : finding
        }
        let outlet = outletCondition(receiver)
        if let (assignment, _) = fonts.first(where: { $0.1.value == .scales }) {
            if let outlet { builder.report(makeFinding(assignment), when: outlet) } else { builder.report(makeFinding(assignment)) }
            return
        }
        // Which symbol scales is known only in phase two: each may be the one.
        for (assignment, font) in fonts where !font.hasCertainFixedSite && !font.symbolLeaves.isEmpty {
            let scales = FindingCondition.fontOutcome(font.value, .scales)
            builder.report(makeFinding(assignment), when: outlet.map { .all([$0, scales]) } ?? scales)
        }
    }

    /// An outlet's text view may set "Automatically Adjusts Font" in its
    /// Interface Builder document (the rule catalogue "Outlets").
    private func outletCondition(_ receiver: Receiver) -> FindingCondition? {
        guard let node = receivers.outlets[receiver], let owner = TypeScope.enclosing(node)?.name else { return nil }
        return .outletDoesNotAdjustFont(owner: owner, property: receiver.path)
    }
}

extension UIKitFontRule: UnitRuleFamily {
    static let scope = UnitScope.type
    /// Text views by class, and font assignments (`x.font = …`).
    static let triggers: [Trigger] = [
        "font =", "font=", "UILabel", "UIButton", "UITextField", "UITextView", "NSTextField", "NSButton", "NSTextView",
    ]
    static func run(in unit: UnitRun) { unit.textViewElements = UIKitFontRule(builder: unit.builder, receivers: unit.receivers).run() }
}
