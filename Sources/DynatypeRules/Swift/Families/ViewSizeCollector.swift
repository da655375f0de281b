import SwiftSyntax

/// Sizes that views take from their callers, judged with the calls (the rule
/// catalogue "Clarifications": a helper whose size is a parameter; "Font
/// helpers that are views": size parameters as for size-parameterised
/// helpers): the stored sizes a type's initializers set from their
/// parameters, and the calls of views that pass sizes.
struct ViewSizeCollector {
    let builder: AnalysisBuilder
    let classifier: FontClassifier

    private static let sizeTypes: Set<String> = ["CGFloat", "Double", "Float", "Int"]

    /// One definition per stored size the initializer sets (`self.size = size ?? 20`):
    /// its value in terms of the initializer's parameters.
    func defineStoredSizes(of initializer: InitializerDeclSyntax) -> [SymbolDefinition] {
        guard let type = TypeScope.enclosing(initializer) else { return [] }
        let parameters = SymbolCollector.parameters(of: initializer.signature.parameterClause, classifier)
        return Self.storedSizes(of: type).flatMap { property in
            FontClassifier.assignedValues(of: property, in: initializer).map { value in
                SymbolDefinition(
                    name: type.name, container: TypeScope.enclosing(type.node)?.name, kind: .view, parameters: parameters,
                    value: .size(classifier.classifySize(sequence: value, depth: 0).value),
                    position: builder.context.position(of: initializer.initKeyword), storedProperty: property
                )
            }
        }
    }

    /// A struct's memberwise initializer stores each size its callers pass
    /// (`HighlightContextMenu(colors: colors, systemFontSize: 20)`), as an
    /// initializer's `self.size = size` does.
    func defineMemberwiseSizes(of variable: VariableDeclSyntax) -> [SymbolDefinition] {
        let sizes = Self.memberwiseSizes(in: variable)
        guard !sizes.isEmpty, let type = TypeScope.enclosing(variable), type.hasMemberwiseInitializer else { return [] }
        return sizes.map { property in
            SymbolDefinition(
                name: type.name, container: TypeScope.enclosing(type.node)?.name, kind: .view,
                parameters: SymbolCollector.memberwiseParameters(of: type), value: .size(.parameter(property)),
                position: builder.context.position(of: variable), storedProperty: property
            )
        }
    }

    /// Stored numeric properties without a value of their own, which only initializers set.
    private static func storedSizes(of type: TypeScope) -> [String] {
        type.memberBlock.members.flatMap { member in member.decl.as(VariableDeclSyntax.self).map { storedSizes(in: $0) } ?? [] }
    }

    /// `CGFloat` alone, the prefilter's word for a size (`SymbolCollector.triggers`):
    /// a memberwise `count: Int` is no size.
    static func memberwiseSizes(in variable: VariableDeclSyntax) -> [String] {
        storedSizes(in: variable, of: ["CGFloat"])
    }

    private static func storedSizes(in variable: VariableDeclSyntax, of types: Set<String> = sizeTypes) -> [String] {
        guard !variable.modifiers.contains(.static) else { return [] }
        return variable.bindings.compactMap { binding in
            guard binding.initializer == nil, binding.accessorBlock == nil,
                let type = binding.typeAnnotation?.type.simpleName, types.contains(type)
            else { return nil }
            return binding.name
        }
    }

    /// Calls that pass a size to a view function (`stateIcon(size: 24)`, on
    /// the enclosing type) or to a type's initializer (`FeatureIcon(text: "A",
    /// size: 14)`): an argument labelled as a size (`size:`, `iconSize:`,
    /// which the prefilter looks for) with a number or a scaled value.
    func recordCalls() {
        for call in builder.context.index.calls {
            guard let name = Self.calleeName(of: call), call.arguments.contains(where: passesSize) else { continue }
            let reference = SymbolReference(
                name: name, qualifier: name.first?.isUppercase == true ? nil : TypeScope.enclosing(call)?.name,
                argumentLabels: call.argumentLabels, expected: .view
            )
            let arguments = call.arguments.map {
                SymbolArgument(label: $0.label?.text ?? "", size: classifier.classifySize($0.expression, depth: 0).value)
            }
            builder.addHelperCalls([.symbol(reference, arguments: arguments)])
        }
    }

    /// `f(…)`, `self.f(…)` or `T(…)`, where `T` is not a platform type or a view SwiftUI defines.
    private static func calleeName(of call: FunctionCallExprSyntax) -> String? {
        let called = call.calledExpression
        guard called.is(DeclReferenceExprSyntax.self) || called.as(MemberAccessExprSyntax.self)?.base?.referencedName == "self",
            let name = call.calleeName, !["UI", "NS", "CG"].contains(where: name.hasPrefix)
        else { return nil }
        switch ViewTree.role(of: call) {
        case .textElement?, .image?, .primitive?: return nil
        case .container?, .opaque?, nil: return name
        }
    }

    private func passesSize(_ argument: LabeledExprSyntax) -> Bool {
        guard let label = argument.label?.text, label.hasSuffix("ize") else { return false }
        let expression = argument.expression.unwrapped
        return expression.isNumericLiteral || classifier.classifySize(expression, depth: 0).value == .scales
    }
}
