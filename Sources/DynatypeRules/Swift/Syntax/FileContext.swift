import SwiftSyntax
import Foundation

/// What one analysis unit (a type and its extensions, or another top-level
/// item) contributes to the facts of its file. Hashable: part of memo keys.
struct UnitFacts: Hashable {
    var imports: Set<String> = []
    var adaptsLayout = false
    /// `@ScaledMetric` property names with their default values (-1 when not a literal).
    var scaledMetrics: [String: Double] = [:]
    /// Classes with the types they inherit.
    var classes: [String: [String]] = [:]
    /// Protocols declared here.
    var protocols: Set<String> = []
    /// Types that are Views (or other hosts of dynamic properties).
    var hostTypes: Set<String> = []
    /// Names of values read only for their face somewhere here (`x.fontName`,
    /// `x.withSize(…)`, `scaledFont(for: x)`), and names used as a font.
    var fontFaceUses: Set<String> = []
    var fontValueUses: Set<String> = []
    /// Where views are built from a name (`row(item)`, `header`, `Cell(…)`):
    /// `ViewHelpers.scrolled` inside a ScrollView/List/Form, else the view
    /// helper whose body it is ("" outside any).
    var viewUses: [String: Set<String>] = [:]
    /// Types whose own code sets a `font` (a label subclass styling itself, a
    /// button drawing its title with a label it styles).
    var fontSettingTypes: Set<String> = []
    /// The names view statements start from in preview code and in chrome
    /// content (`.toolbar { toolbarTitle }`): whether `HelperReach` must look.
    var previewStatements: Set<String> = []
    var chromeStatements: Set<String> = []
    /// Properties, locals and parameters declared as text views (`let
    /// title: Text`): the names a view may show text through.
    var textValueNames: Set<String> = []
}

/// the rule catalogue "Ancestors through same-file view helpers": a view property,
/// view function or `View` type of the file whose every use sits in a
/// ScrollView, List or Form (directly, or in another such helper) scrolls.
enum ViewHelpers {
    static let scrolled = "\u{1}scrolled"

    static func scrolled(_ uses: [String: Set<String>]) -> Set<String> { reachedOnly(from: scrolled, uses) }

    /// The helpers (of `candidates`, when given) every use of which is in
    /// `marker` or in another such helper: the largest such set, so a helper used inside itself (a
    /// settings row that nests rows) counts when every use from outside it
    /// does, and it has one.
    static func reachedOnly(from marker: String, _ uses: [String: Set<String>], among candidates: Set<String>? = nil) -> Set<String> {
        var result = Set(uses.filter { name, contexts in contexts.contains { $0 != name } && candidates?.contains(name) != false }.keys)
        var changed = true
        while changed {
            changed = false
            for (name, contexts) in uses.sorted(by: { $0.key < $1.key }) where result.contains(name) {
                if !contexts.allSatisfy({ $0 == marker || result.contains($0) }) {
                    result.remove(name)
                    changed = true
                }
            }
        }
        return result
    }

    /// The view helper whose body holds `node`: the enclosing function or
    /// property, or the type for a `body`; nil outside any.
    static func enclosing(_ node: some SyntaxProtocol) -> String? {
        var current = node.parent
        while let candidate = current {
            if declaresHelper(candidate) { return name(declaredBy: candidate) }
            current = candidate.parent
        }
        return nil
    }

    /// Whether the node is a function or a member property (not a local).
    static func declaresHelper(_ node: Syntax) -> Bool {
        switch node.kind {
        case .functionDecl: return true
        case .patternBinding: return node.parent?.parent?.parent?.kind == .memberBlockItem && node.cast(PatternBindingSyntax.self).name != nil
        default: return false
        }
    }

    /// The helper's name, or its type's for a `body`.
    static func name(declaredBy node: Syntax) -> String? {
        let name = node.as(FunctionDeclSyntax.self)?.name.text ?? node.as(PatternBindingSyntax.self)?.name
        return name == "body" ? TypeScope.enclosing(node)?.name : name
    }
}

/// Facts about a whole file that rules in any unit consult.
struct FileFacts: Hashable {
    let adaptsLayout: Bool
    let scaledMetrics: [String: Double]
    let prefersAppKit: Bool
    let importsUIKit: Bool
    /// The file is watch code (imports WatchKit or ClockKit, not UIKit):
    /// watchOS's text styles have their own sizes, so no iOS size names one.
    let targetsWatchOS: Bool
    /// The file builds widget content (`WidgetCanvas`).
    let drawsOnFixedCanvas: Bool
    /// Classes declared in the file that inherit a UIKit/AppKit text view
    /// (`PillLabel: UILabel`), with the text class they inherit.
    let textViewSubclasses: [String: String]
    /// Text view subclasses of the file that set their own font: an instance
    /// with no font of its own has that one, judged in the subclass.
    let selfStyledSubclasses: Set<String>
    /// Every class the file declares (a class that is no text view subclass is no text view).
    let classes: Set<String>
    /// Every protocol the file declares: its extension's members are its conforming types'.
    let protocols: Set<String>
    /// The first type each class of the file inherits (its superclass, when it has one).
    let superclasses: [String: String]
    /// the rule catalogue "A font used only as a face": stored fonts the file reads
    /// only for their face, never as a font.
    let faceOnlyFonts: Set<String>
    /// Names the file uses as a font somewhere.
    let fontValueUses: Set<String>
    /// View helpers of the file used only where something scrolls.
    let scrolledViewHelpers: Set<String>
    let hostTypes: Set<String>
    let textValueNames: Set<String>
    /// Helpers reached only from preview code or only from chrome.
    let reach: HelperReach

    init(merging units: [UnitFacts], reach: HelperReach) {
        self.reach = reach
        let imports = units.reduce(into: Set<String>()) { $0.formUnion($1.imports) }
        adaptsLayout = units.contains(where: \.adaptsLayout)
        scaledMetrics = units.reduce(into: [:]) { $0.merge($1.scaledMetrics) { first, _ in first } }
        importsUIKit = imports.contains("UIKit")
        drawsOnFixedCanvas = !imports.isDisjoint(with: WidgetCanvas.modules)
        prefersAppKit = (imports.contains("AppKit") || imports.contains("Cocoa")) && !importsUIKit
        targetsWatchOS = !imports.isDisjoint(with: ["WatchKit", "ClockKit"]) && !importsUIKit
        hostTypes = units.reduce(into: Set<String>()) { $0.formUnion($1.hostTypes) }
        textValueNames = units.reduce(into: Set<String>()) { $0.formUnion($1.textValueNames) }
        scrolledViewHelpers = ViewHelpers.scrolled(units.reduce(into: [:]) { $0.merge($1.viewUses) { $0.union($1) } })
        fontValueUses = units.reduce(into: Set<String>()) { $0.formUnion($1.fontValueUses) }
        faceOnlyFonts = units.reduce(into: Set<String>()) { $0.formUnion($1.fontFaceUses) }.subtracting(fontValueUses)
        let classes = units.reduce(into: [String: [String]]()) { $0.merge($1.classes) { $0 + $1 } }
        self.classes = Set(classes.keys)
        protocols = units.reduce(into: Set<String>()) { $0.formUnion($1.protocols) }
        superclasses = classes.compactMapValues(\.first)
        var subclasses: [String: String] = [:]
        // Until nothing changes, so a subclass of a subclass is found in any order.
        var changed = true
        while changed {
            changed = false
            for (name, inherited) in classes.sorted(by: { $0.key < $1.key }) where subclasses[name] == nil {
                if let base = inherited.lazy.compactMap({ UIKitVocabulary.textClass(named: $0, subclasses: subclasses) }).first {
                    subclasses[name] = base
                    changed = true
                }
            }
        }
        textViewSubclasses = subclasses
        selfStyledSubclasses = units.reduce(into: Set<String>()) { $0.formUnion($1.fontSettingTypes) }.intersection(subclasses.keys)
    }

    /// A stable hash, for memo keys (not `Hasher`, which is seeded per process).
    var stableHash: UInt64 {
        var text = "\(adaptsLayout)|\(prefersAppKit)|\(importsUIKit)|\(targetsWatchOS)|\(drawsOnFixedCanvas)|"
        text += scaledMetrics.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + "|"
        text += textViewSubclasses.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + "|"
        text += selfStyledSubclasses.sorted().joined(separator: ",") + "|"
        text += hostTypes.sorted().joined(separator: ",") + "|" + textValueNames.sorted().joined(separator: ",") + "|"
        text += classes.sorted().joined(separator: ",") + "|" + protocols.sorted().joined(separator: ",") + "|"
        text += superclasses.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + "|"
        text += faceOnlyFonts.sorted().joined(separator: ",") + "|"
        text += fontValueUses.sorted().joined(separator: ",") + "|"
        text += scrolledViewHelpers.sorted().joined(separator: ",") + "|"
        text += reach.previewOnly.sorted().joined(separator: ",") + "|" + reach.chromeOnly.sorted().joined(separator: ",")
        return Fingerprint.fnv1a(text)
    }
}

/// What the rule families of one unit consult: the unit's nodes, the file's
/// facts, and positions in the file.
final class FileContext {
    let index: SyntaxIndex
    let lines: LineTable
    let facts: FileFacts
    /// The file's root, for declarations at file scope.
    let root: SyntaxIdentifier
    let bindings = BindingResolver()

    init(index: SyntaxIndex, facts: FileFacts, lines: LineTable, root: SyntaxIdentifier) {
        self.index = index
        self.facts = facts
        self.lines = lines
        self.root = root
    }

    var scaledMetricNames: Set<String> { Set(facts.scaledMetrics.keys) }
    var prefersAppKit: Bool { facts.prefersAppKit }
    var importsUIKit: Bool { facts.importsUIKit }
    var textViewSubclasses: [String: String] { facts.textViewSubclasses }

    func position(of node: some SyntaxProtocol) -> SourcePosition {
        let location = lines.location(for: node.positionAfterSkippingLeadingTrivia)
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

/// Names of UIKit and AppKit text classes (the rule catalogue "Terms").
enum UIKitVocabulary {
    static let uiKitTextClasses: Set<String> = ["UILabel", "UIButton", "UITextField", "UITextView"]
    static let appKitTextClasses: Set<String> = ["NSTextField", "NSButton", "NSTextView"]

    static func textClass(named name: String, subclasses: [String: String]) -> String? {
        let bare = name.trimmingCharacters(in: CharacterSet(charactersIn: "!?"))
        if uiKitTextClasses.contains(bare) || appKitTextClasses.contains(bare) { return bare }
        return subclasses[bare]
    }

    static func isAppKit(_ textClass: String) -> Bool { appKitTextClasses.contains(textClass) }

    /// The text views a text class holds as properties (`button.titleLabel`).
    private static let textViewMembers: [String: [String: String]] = [
        "UIButton": ["titleLabel": "UILabel", "subtitleLabel": "UILabel"],
    ]

    static func textViewMember(_ name: String, of textClass: String) -> String? { textViewMembers[textClass]?[name] }

    /// Names that text views carry (`titleLabel`, `PillLabel`, `nameField`),
    /// for views whose class the file does not declare, with the framework
    /// classes they suggest.
    private static let textViewNames: [(suffixes: [String], uiKit: String, appKit: String)] = [
        (["Label", "label"], "UILabel", "NSTextField"),
        (["Field", "field"], "UITextField", "NSTextField"),
        (["Button", "button"], "UIButton", "NSButton"),
        (["TextView", "textView"], "UITextView", "NSTextView"),
    ]

    /// Whether a class is AppKit's (true) or UIKit's (false), by its chain
    /// of superclasses up to a framework class; nil when the chain ends first.
    static func isAppKit(class type: String, superclass: (String) -> String?) -> Bool? {
        for name in superclassChain(from: type, superclass: superclass) {
            if name.hasPrefix("NS") { return true }
            if name.hasPrefix("UI") { return false }
        }
        return nil
    }

    /// `type`, then its superclasses as far as `superclass` knows them; a
    /// cycle (code that does not compile) ends the chain.
    static func superclassChain(from type: String, superclass: (String) -> String?) -> [String] {
        var chain = [type]
        var seen: Set<String> = [type]
        while let next = superclass(chain[chain.count - 1]), seen.insert(next).inserted { chain.append(next) }
        return chain
    }

    static func namesTextView(_ name: String) -> Bool { textClass(namedBy: name, appKit: false) != nil }

    /// The framework class a text view's name suggests (`titleLabel` → `UILabel`).
    static func textClass(namedBy name: String, appKit: Bool) -> String? {
        guard let kind = textViewNames.first(where: { $0.suffixes.contains { name.hasSuffix($0) } }) else { return nil }
        return appKit ? kind.appKit : kind.uiKit
    }

    /// The endings of text view class names (`AvatarButton`, `PillLabel`).
    static let textViewTypeSuffixes = ["Label", "Button", "Field", "TextView"]

    static func namesTextViewType(_ name: String) -> Bool { textViewTypeSuffixes.contains { name.hasSuffix($0) } }
}
