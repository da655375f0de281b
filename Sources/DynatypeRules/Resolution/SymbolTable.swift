/// The font and size symbols of a whole audit (or of a commit's tree), and
/// the evaluation of font values against them.
public struct SymbolTable: Sendable {
    public struct Located: Sendable, Hashable {
        public let definition: SymbolDefinition
        public let path: String
    }

    private var byName: [String: [Located]] = [:]
    /// Calls of possible helpers by helper name, with the file they are in.
    private var callsByName: [String: [(path: String, call: FontValue)]] = [:]
    /// Files reading a name for its face only, and as a font.
    private var faceReaders: [String: Set<String>] = [:]
    private var fontReaders: [String: Set<String>] = [:]
    /// The file whose code is being resolved, and its Swift package module.
    private(set) var viewerPath: String?
    private var viewerModule: String?

    public init(files: [(path: String, analysis: FileAnalysis)] = []) {
        for (path, analysis) in files { add(analysis, path: path) }
    }

    /// Adds a file's definitions and helper calls (a new or changed file).
    public mutating func add(_ analysis: FileAnalysis, path: String) {
        for definition in analysis.definitions {
            byName[definition.name, default: []].append(Located(definition: definition, path: path))
        }
        for call in analysis.helperCalls {
            for name in FileAnalysis.calledHelperNames(in: call) { callsByName[name, default: []].append((path, call)) }
        }
        for name in analysis.fontFaceReads { faceReaders[name, default: []].insert(path) }
        for name in analysis.fontValueReads { fontReaders[name, default: []].insert(path) }
    }

    /// Removes what `add` added for this file.
    public mutating func remove(_ analysis: FileAnalysis, path: String) {
        for name in Set(analysis.definitions.map(\.name)) {
            byName[name]?.removeAll { $0.path == path }
            if byName[name]?.isEmpty == true { byName[name] = nil }
        }
        for name in Set(analysis.helperCalls.flatMap(FileAnalysis.calledHelperNames)) {
            callsByName[name]?.removeAll { $0.path == path }
            if callsByName[name]?.isEmpty == true { callsByName[name] = nil }
        }
        for name in analysis.fontFaceReads {
            faceReaders[name]?.remove(path)
            if faceReaders[name]?.isEmpty == true { faceReaders[name] = nil }
        }
        for name in analysis.fontValueReads {
            fontReaders[name]?.remove(path)
            if fontReaders[name]?.isEmpty == true { fontReaders[name] = nil }
        }
    }

    /// Whether a stored font property is read as a font somewhere in the
    /// audit, or not read at all (then nothing shows it is only a face).
    public func isReadAsFont(_ property: String) -> Bool {
        fontReaders[property] != nil || faceReaders[property] == nil
    }


    /// The table as the code of `path` sees it: where a name is defined both
    /// in the file's own package module and elsewhere, the module's own
    /// definition is meant (it shadows imported ones, and a package cannot
    /// see the app target's).
    public func seen(from path: String) -> SymbolTable {
        var table = self
        table.viewerPath = path
        table.viewerModule = Self.packageModule(of: path)
        return table
    }

    /// `Packages/DuckUI/Sources/DuckUI/Button.swift` → `DuckUI` (SwiftPM's
    /// layout); nil for files outside a package target.
    static func packageModule(of path: String) -> String? {
        let components = path.split(separator: "/")
        guard let sources = components.lastIndex(of: "Sources"), sources + 2 < components.count else { return nil }
        return String(components[sources + 1])
    }

    /// Whether some call in the audit gives the helper (by definition key,
    /// in the file being resolved) a fixed size.
    public func isHelperCalledWithFixedSize(_ key: String) -> Bool {
        guard let name = key.split(separator: "(").first?.split(separator: ".").last.map(String.init) else { return false }
        return (callsByName[name] ?? []).contains { seen(from: $0.path).isFixedCall($0.call, of: key, definedIn: viewerPath) }
    }

    private func isFixedCall(_ value: FontValue, of key: String, definedIn path: String?) -> Bool {
        switch value {
        case .symbol(let reference, let arguments), .viewHelper(let reference, let arguments, _):
            return lookup(reference).contains {
                $0.definition.key == key && (path == nil || $0.path == path)
                    && outcome(of: $0, arguments: arguments, bindings: [:], depth: 0) == .fixed
            }
        case .anyOf(let branches): return branches.contains { isFixedCall($0, of: key, definedIn: path) }
        case .scales, .fixed, .readOnce, .unresolved, .sized, .fromCallers: return false
        }
    }

    // MARK: Lookup

    /// Every definition of a name of one kind, whatever its container.
    func definitions(named name: String, kind: SymbolKind) -> [Located] {
        preferringViewerModule((byName[name] ?? []).filter { $0.definition.kind == kind })
    }

    /// Every definition of a name of one kind in every module and file
    /// (for facts about the whole audit, such as where a view is shown).
    func everyDefinition(named name: String, kind: SymbolKind) -> [Located] {
        (byName[name] ?? []).filter { $0.definition.kind == kind }
    }

    private func preferringViewerModule(_ candidates: [Located]) -> [Located] {
        guard candidates.count > 1 else { return candidates }
        let visible = preferringViewerFile(candidates)
        let own = visible.filter { Self.packageModule(of: $0.path) == viewerModule }
        return own.isEmpty ? visible : own
    }

    /// One symbol (same container, name and labels) defined in several files
    /// compiles only when the definitions are `private` to their files (two
    /// `private enum Const { enum Font { … } }`): the viewer's own file means its own.
    /// A property stored from the callers is theirs, wherever they are.
    private func preferringViewerFile(_ candidates: [Located]) -> [Located] {
        guard let viewerPath else { return candidates }
        let ownKeys = Set(candidates.filter { $0.path == viewerPath && $0.definition.value != .font(.fromCallers) }.map(\.definition.key))
        guard !ownKeys.isEmpty else { return candidates }
        return candidates.filter { $0.path == viewerPath || !ownKeys.contains($0.definition.key) }
    }

    /// The definitions a reference can mean (the rule catalogue "A member is resolved
    /// through its receiver's type"): a type qualifier (`CellAppearance`,
    /// `UIFont`, the enclosing type of a bare name) admits its own members
    /// and globals; a value of unknown type (`fonts`, `size`) prefers a type
    /// of that name, and otherwise takes any font of that name, but never a
    /// size (a `width` of an unrelated type does not decide
    /// `geometry.size.width`); an implicit member (`.caption3`) is one of the
    /// font types' or a view modifier.
    public func lookup(_ reference: SymbolReference) -> [Located] {
        preferringViewerModule(candidates(for: reference))
    }

    private func candidates(for reference: SymbolReference) -> [Located] {
        let accepted = (byName[reference.name] ?? []).filter { Self.accepts(reference, $0.definition) }
        // `TextStyle.statusMetrics.font`: the value of that case alone, where the getter switches over `self`.
        let ofCase = accepted.filter { $0.definition.enumCase != nil && $0.definition.enumCase == reference.qualifier }
        if !ofCase.isEmpty { return ofCase }
        let named = accepted.filter { $0.definition.enumCase == nil }
        guard let qualifier = reference.qualifier else {
            guard reference.expected != .viewModifier, reference.expected != .view else { return named }
            let fontTypes: Set<String> = switch reference.expected {
            case .platformFont?: ["UIFont", "NSFont"]
            case .font?: ["Font"]
            case .size?, .viewModifier?, .viewClass?, .outlet?, .view?, .appearanceFont?, .outletFontInCode?, .entryPoint?, .sizeChangeRefresh?, .documentFontReplaced?, .stylesItselfWhenMade?, nil: ["Font", "UIFont", "NSFont"]
            }
            return named.filter { $0.definition.container.map(fontTypes.contains) ?? true }
        }
        if qualifier.first?.isUppercase == true {
            // The type's own member shadows a protocol extension's default (threema's
            // `ChatViewConfiguration.Profile.nameFont` beside `DetailsConfiguration`'s).
            let own = named.filter { $0.definition.container == qualifier }
            guard own.isEmpty else { return own }
            let unqualified = named.filter { $0.definition.container == nil }
            // Amperfy's `.font(intentResultViewHeaderImageFont)` in a view: a member of `extension View`.
            return unqualified.isEmpty ? named.filter { $0.definition.container == "View" } : unqualified
        }
        let qualified = named.filter { $0.definition.container?.lowercased() == qualifier.lowercased() }
        if !qualified.isEmpty || reference.expected == .size { return qualified }
        return named
    }

    private static func accepts(_ reference: SymbolReference, _ definition: SymbolDefinition) -> Bool {
        switch reference.expected {
        case .size?: guard definition.kind == .size else { return false }
        case .viewModifier?: guard definition.kind == .viewModifier else { return false }
        case .view?: guard definition.kind == .view else { return false }
        case .font?, .platformFont?, nil: guard definition.kind == .font || definition.kind == .platformFont else { return false }
        // Classes, outlets and appearance fonts are looked up by `definitions(named:kind:)`, never as fonts.
        case .viewClass?, .outlet?, .appearanceFont?, .outletFontInCode?, .entryPoint?, .sizeChangeRefresh?, .documentFontReplaced?, .stylesItselfWhenMade?:
            return false
        }
        guard let labels = reference.argumentLabels else { return definition.parameters == nil }
        guard let parameters = definition.parameters else { return false }
        // Each parameter is passed in order, or left to its default value.
        var remaining = labels[...]
        for parameter in parameters {
            if remaining.first == parameter.label {
                remaining = remaining.dropFirst()
            } else if parameter.defaultSize == nil {
                return false
            }
        }
        return remaining.isEmpty
    }

    // MARK: Evaluation

    public func outcome(of value: FontValue) -> FontOutcome { outcome(of: value, bindings: [:], depth: 0) }

    public func sizeIsFixed(_ size: SizeValue) -> Bool { outcome(ofSize: size, bindings: [:], depth: 0) == .fixed }

    private static let maximumDepth = 16

    private func outcome(of value: FontValue, bindings: [String: SizeValue], depth: Int) -> FontOutcome {
        guard depth < Self.maximumDepth else { return .unresolved }
        switch value {
        case .scales: return .scales
        case .fixed: return .fixed
        case .readOnce: return .readOnce
        case .unresolved, .fromCallers: return .unresolved
        case .sized(let size): return outcome(ofSize: size, bindings: bindings, depth: depth + 1)
        case .anyOf(let branches): return Self.combine(branches.map { outcome(of: $0, bindings: bindings, depth: depth + 1) })
        case .symbol(let reference, let arguments):
            let candidates = lookup(reference)
            guard !candidates.isEmpty else {
                let overloads = fontModifierOverloads(taking: reference)
                guard !overloads.isEmpty else { return .unresolved }
                return outcome(of: overloads, arguments: [], bindings: [:], depth: depth)
            }
            return outcome(of: candidates, arguments: arguments, bindings: bindings, depth: depth)
        case .viewHelper(let reference, let arguments, let otherwise):
            let candidates = lookup(reference)
            guard !candidates.isEmpty else { return outcome(of: otherwise, bindings: bindings, depth: depth + 1) }
            return outcome(of: candidates, arguments: arguments, bindings: bindings, depth: depth)
        }
    }

    /// woocommerce's `.font(POSFontStyle.posTitleEmphasized)`: a value given to
    /// `.font(_:)` that is no font of the audited code is the app's own style
    /// enum, for its `extension View { func font(_ style: POSFontStyle) }`
    /// overload, which applies the font; none when the app has no such overload.
    private func fontModifierOverloads(taking reference: SymbolReference) -> [Located] {
        guard reference.expected == .font, reference.argumentLabels == nil else { return [] }
        return lookup(SymbolReference(name: "font", qualifier: nil, argumentLabels: [""], expected: .viewModifier))
    }

    /// Definitions that disagree leave the font unknown (the rule catalogue).
    /// A property an initializer stores from its callers is what they pass.
    private func outcome(of candidates: [Located], arguments: [SymbolArgument], bindings: [String: SizeValue], depth: Int) -> FontOutcome {
        let passed = candidates.filter { $0.definition.value != .font(.fromCallers) }
        let candidates = passed.isEmpty ? candidates : passed
        let bound = arguments.map { SymbolArgument(label: $0.label, size: Self.substitute($0.size, bindings)) }
        let outcomes = Set(candidates.map { outcome(of: $0, arguments: bound, bindings: bindings, depth: depth + 1) })
        return outcomes.count == 1 ? outcomes.first! : .unresolved
    }

    private func outcome(of located: Located, arguments: [SymbolArgument], bindings: [String: SizeValue], depth: Int) -> FontOutcome {
        let parameters = Self.bind(arguments, to: located.definition)
        switch located.definition.value {
        case .font(let value): return outcome(of: value, bindings: parameters, depth: depth + 1)
        // An initializer's stored size (`.initialized`), given this call's arguments.
        case .size(let value) where located.definition.storedProperty != nil: return outcome(ofSize: value, bindings: parameters, depth: depth + 1)
        case .size, .inherits, .outlet, .entryPoint, .refreshedOnSizeChange, .replacesDocumentFont, .stylesItselfWhenMade: return .unresolved
        }
    }

    /// The definition's parameter names bound to a call's arguments, or to their defaults.
    private static func bind(_ arguments: [SymbolArgument], to definition: SymbolDefinition) -> [String: SizeValue] {
        var parameters: [String: SizeValue] = [:]
        var remaining = arguments[...]
        for parameter in definition.parameters ?? [] {
            if let argument = remaining.first, argument.label == parameter.label {
                parameters[parameter.name] = argument.size
                remaining = remaining.dropFirst()
            } else if let fallback = parameter.defaultSize {
                parameters[parameter.name] = fallback
            }
        }
        return parameters
    }

    /// A stored size set by initializers (the rule catalogue "Clarifications",
    /// as for size-parameterised helpers): fixed when any call of them gives
    /// it a fixed size, scaling when every call scales, unknown without calls.
    private func outcome(ofStored property: String, of type: String, depth: Int) -> FontOutcome {
        let outcomes = (callsByName[type] ?? []).flatMap { call in
            storedCalls(in: call.call).flatMap { reference, arguments in
                lookup(reference).filter { $0.definition.storedProperty == property }.map {
                    outcome(of: $0, arguments: arguments, bindings: [:], depth: depth + 1)
                }
            }
        }
        return outcomes.isEmpty ? .unresolved : Self.combine(outcomes)
    }

    private func storedCalls(in value: FontValue) -> [(SymbolReference, [SymbolArgument])] {
        switch value {
        case .symbol(let reference, let arguments) where reference.expected == .view: return [(reference, arguments)]
        case .anyOf(let branches): return branches.flatMap(storedCalls)
        default: return []
        }
    }

    private func outcome(ofSize size: SizeValue, bindings: [String: SizeValue], depth: Int) -> FontOutcome {
        guard depth < Self.maximumDepth else { return .unresolved }
        switch size {
        case .scales: return .scales
        case .fixed: return .fixed
        case .parameter(let name):
            guard let bound = bindings[name] else { return .unresolved }
            return outcome(ofSize: bound, bindings: [:], depth: depth + 1)
        case .initialized(let type, let property):
            // A view modifier's definition binds its memberwise parameters: the property is what this use passes.
            if let bound = bindings[property] { return outcome(ofSize: bound, bindings: [:], depth: depth + 1) }
            return outcome(ofStored: property, of: type, depth: depth)
        case .symbol(let reference):
            var sizeReference = reference
            sizeReference.expected = .size
            let candidates = lookup(sizeReference)
            // A constant not defined in the audited code (`NSFont.smallSystemFontSize`) is fixed.
            guard !candidates.isEmpty else { return .fixed }
            let outcomes = candidates.map { located -> FontOutcome in
                guard case .size(let value) = located.definition.value else { return .unresolved }
                return outcome(ofSize: value, bindings: [:], depth: depth + 1)
            }
            return Self.combine(outcomes)
        }
    }

    private static func substitute(_ size: SizeValue, _ bindings: [String: SizeValue]) -> SizeValue {
        if case .parameter(let name) = size, let bound = bindings[name] { return bound }
        return size
    }

    /// A conditional font is fixed when any branch is; unknown when any is
    /// unknown; read once when any branch is read once.
    private static func combine(_ outcomes: [FontOutcome]) -> FontOutcome {
        if outcomes.contains(.fixed) { return .fixed }
        if outcomes.contains(.unresolved) { return .unresolved }
        if outcomes.contains(.readOnce) { return .readOnce }
        return .scales
    }

    /// A property its initializer stores from its callers, when no call in
    /// the audit passes it one (for the note's reason).
    public func isPassedByNoCall(_ value: FontValue) -> Bool {
        guard case .symbol(let reference, _) = value else { return false }
        let candidates = lookup(reference)
        return !candidates.isEmpty && candidates.allSatisfy { $0.definition.value == .font(.fromCallers) }
    }

    /// Each definition the symbol a value refers to has, with what it gives
    /// on its own for this use (for messages on an unresolved font).
    func definitionOutcomes(of value: FontValue) -> [(site: String, outcome: FontOutcome)] {
        let reference: SymbolReference
        let arguments: [SymbolArgument]
        switch value {
        case .symbol(let referenced, let passed), .viewHelper(let referenced, let passed, _): (reference, arguments) = (referenced, passed)
        case .anyOf(let branches): return branches.lazy.map(definitionOutcomes).first { !$0.isEmpty } ?? []
        default: return []
        }
        return lookup(reference).map { located in
            ("\(located.path):\(located.definition.position.line)", outcome(of: [located], arguments: arguments, bindings: [:], depth: 0))
        }
    }

    /// Where the symbol a value refers to is defined, for messages.
    public func definitionSite(of value: FontValue) -> String? {
        switch value {
        case .symbol(let reference, _), .viewHelper(let reference, _, _):
            return lookup(reference).first.map { "\($0.path):\($0.definition.position.line)" }
        case .anyOf(let branches):
            return branches.lazy.compactMap { definitionSite(of: $0) }.first
        case .sized(.symbol(let reference)):
            var sizeReference = reference
            sizeReference.expected = .size
            return lookup(sizeReference).first.map { "\($0.path):\($0.definition.position.line)" }
        default:
            return nil
        }
    }
}
