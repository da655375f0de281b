import Foundation

/// Phase one for `.xib` / `.storyboard` files: `interface_builder_fixed_font`
/// and `missing_adjusts_font` on text views' `<fontDescription>` elements.
public struct InterfaceBuilderAnalyzer: Sendable {
    public static let version = "ib-12"

    public init() {}

    public func analyze(data: Data) -> FileAnalysis {
        var reader = InterfaceBuilderReader()
        var scanner = XMLScanner(Array(data))
        if let failure = scanner.scan({ reader.handle($0) }) {
            reader.analysis.remarks.append(
                "not a well-formed Interface Builder document (\(failure.message), line \(failure.line)); results are partial"
            )
        }
        reader.defineOutlets()
        reader.exemptEmptyLabels()
        reader.conditionDocumentFontsOnOutlets()
        return reader.analysis
    }
}

/// Keeps the stack of open elements and judges each text view's font
/// description.
private struct InterfaceBuilderReader {
    /// Text views whose font IB lets you set, and those that expose
    /// "Automatically Adjusts Font" (the rule catalogue "Clarifications").
    static let textViews: Set<String> = ["label", "button", "textField", "textView"]
    static let adjustingViews: Set<String> = ["label", "textField", "textView"]

    var analysis = FileAnalysis(language: .interfaceBuilder)
    private var stack: [(name: String, attributes: [String: String], element: Int?)] = []
    /// macOS documents describe fonts with `<font metaFont=…>` on cells, which
    /// the catalogue (iOS text styles) does not cover.
    private var isMacDocument = false
    /// A launch screen is shown as a snapshot the system takes before any
    /// code runs: no text style can follow the user there, and Apple's HIG
    /// asks for no text in it.
    private var isLaunchScreen = false
    /// Whether each text view (by id) sets "Automatically Adjusts Font".
    private var adjustsFontByID: [String: Bool] = [:]
    /// `<outlet property=… destination=…>` connections, with the class of
    /// the object that owns them (a cell, a view controller, File's Owner).
    private var outlets: [(owner: String, property: String, destination: String, position: SourcePosition)] = []
    /// The findings on the document's font (a fixed font, a text style
    /// without "Automatically Adjusts Font"), by the id of the element they
    /// are on: Swift code that sets the outlet's font replaces that font.
    private var documentFontFindings: [(finding: Int, element: String, fixedFont: Bool, customClass: String?)] = []
    /// Labels whose text is empty (`text=""`), by id: each element's index.
    private var emptyLabels: [(id: String, element: Int)] = []
    /// The labels a system table cell shows its text in (`textLabel="…"`, `detailTextLabel="…"`).
    private var cellLabels: Set<String> = []

    mutating func handle(_ event: XMLScanner.Event) {
        switch event {
        case .start(let name, let attributes, let line, let column):
            start(name, attributes: attributes, at: SourcePosition(line: line, column: column))
        case .end:
            _ = stack.popLast()
        case .comment(let text, let line):
            if let suppression = SuppressionScanner.parse(text, at: SourcePosition(line: line, column: 1)) {
                analysis.suppressions.append(suppression)
            }
        }
    }

    private mutating func start(_ elementName: String, attributes: [String: String], at position: SourcePosition) {
        if elementName == "document", attributes["targetRuntime"]?.hasPrefix("MacOSX") == true {
            isMacDocument = true
            analysis.remarks.append("macOS Interface Builder document: AppKit cell fonts are outside the rule catalogue and were not audited")
        }
        if elementName == "document", attributes["launchScreen"] == "YES" {
            isLaunchScreen = true
            analysis.remarks.append("launch screen: shown as a static snapshot before the app runs, so its text cannot follow the text size; not audited")
        }
        if elementName == "buttonConfiguration", let owner = stack.last, owner.name == "button", let index = owner.element,
            case .unresolved = analysis.elements[index].status
        {
            // UIButton.Configuration titles use a text style unless a font is given.
            analysis.elements[index].font = "button configuration default"
            analysis.elements[index].status = .scales("a button configuration's default title font scales")
        }
        if Self.adjustingViews.contains(elementName), let id = attributes["id"] {
            adjustsFontByID[id] = attributes["adjustsFontForContentSizeCategory"] == "YES"
        }
        if elementName == "outlet", stack.last?.name == "connections", stack.count >= 2,
            let owner = stack[stack.count - 2].attributes["customClass"],
            let property = attributes["property"], let destination = attributes["destination"]
        {
            outlets.append((owner, property, destination, position))
        }
        for key in ["textLabel", "detailTextLabel"] { if let id = attributes[key] { cellLabels.insert(id) } }
        var element: Int?
        if Self.textViews.contains(elementName), !isMacDocument, !isLaunchScreen {
            analysis.elements.append(TextElement(
                kind: elementName, position: position, description: describe(elementName, attributes),
                font: "default", status: .unresolved("no font description; Interface Builder's default font is a fixed size")
            ))
            element = analysis.elements.count - 1
            if elementName == "label", attributes["text"] == "", let id = attributes["id"] { emptyLabels.append((id, element!)) }
        }
        // A text view's own font, or a button configuration's title font.
        if elementName == "fontDescription", let owner = Self.fontOwner(stack), let index = owner.element {
            judge(attributes, owner: owner.name, ownerAttributes: owner.attributes, element: index, at: position)
        }
        stack.append((elementName, attributes, element))
    }

    /// Strongbox's coloured dots: a label with no text that no outlet connects
    /// to code, and that is no system cell's text label, shows no text, so no
    /// text rule judges it.
    mutating func exemptEmptyLabels() {
        let connected = Set(outlets.map(\.destination)).union(cellLabels)
        let empty = Set(emptyLabels.filter { !connected.contains($0.id) }.map(\.element))
        guard !empty.isEmpty else { return }
        for index in empty { analysis.elements[index].status = .exempt("a label with no text and no outlet shows no text") }
        let kept = analysis.findings.indices.filter { Set(analysis.findings[$0].elements).isDisjoint(with: empty) }
        var newIndex: [Int: Int] = [:]
        for (position, index) in kept.enumerated() { newIndex[index] = position }
        analysis.findings = kept.map { analysis.findings[$0] }
        documentFontFindings = documentFontFindings.compactMap { entry in
            guard let moved = newIndex[entry.finding] else { return nil }
            return (moved, entry.element, entry.fixedFont, entry.customClass)
        }
    }

    /// The rule catalogue "Outlets": an element whose outlet's Swift code
    /// sets its font shows that font, judged in the code, not the document's.
    mutating func conditionDocumentFontsOnOutlets() {
        var moved: Set<Int> = []
        for (index, element, fixedFont, customClass) in documentFontFindings {
            // A fixed font is replaced by any font the code gives; a text style's flag matters to an attributed text's fonts too.
            var conditions = outlets.filter { $0.destination == element }.map {
                fixedFont ? FindingCondition.outletFontNotSetInCode(owner: $0.owner, property: $0.property)
                    : .outletFontNotAssignedInCode(owner: $0.owner, property: $0.property)
            }
            // A class that styles itself when loaded (`ThemeButton`'s configuration) replaces the document's font too.
            if let customClass { conditions.append(.classKeepsDocumentFont(type: customClass)) }
            guard !conditions.isEmpty else { continue }
            let condition = conditions.count == 1 ? conditions[0] : .all(conditions)
            analysis.conditionalFindings.append(ConditionalFinding(finding: analysis.findings[index], condition: condition))
            moved.insert(index)
        }
        analysis.findings = analysis.findings.enumerated().filter { !moved.contains($0.offset) }.map(\.element)
    }

    /// The outlets connected to text views that expose "Automatically Adjusts
    /// Font": Swift code that gives them a scaling font need not set it again
    /// (the rule catalogue "Outlets").
    mutating func defineOutlets() {
        for outlet in outlets {
            guard let adjusts = adjustsFontByID[outlet.destination] else { continue }
            analysis.definitions.append(SymbolDefinition(
                name: outlet.property, container: outlet.owner, kind: .outlet, parameters: nil,
                value: .outlet(adjustsFont: adjusts), position: outlet.position
            ))
        }
    }

    private static func fontOwner(_ stack: [(name: String, attributes: [String: String], element: Int?)]) -> (name: String, attributes: [String: String], element: Int?)? {
        guard let parent = stack.last else { return nil }
        if parent.element != nil { return parent }
        if parent.name == "buttonConfiguration", stack.count >= 2, stack[stack.count - 2].name == "button" {
            return stack[stack.count - 2]
        }
        return nil
    }

    private mutating func judge(_ font: [String: String], owner: String, ownerAttributes: [String: String], element: Int, at position: SourcePosition) {
        let declaration = "\(owner) \(ownerAttributes["id"] ?? "")"
        if let style = font["style"] {
            let name = style.replacingOccurrences(of: "UICTFontTextStyle", with: "")
            analysis.elements[element].font = "text style \(name)"
            analysis.elements[element].status = .scales("text style \(name) scales")
            if Self.adjustingViews.contains(owner), ownerAttributes["adjustsFontForContentSizeCategory"] != "YES" {
                if let id = ownerAttributes["id"] { documentFontFindings.append((analysis.findings.count, id, false, nil)) }
                analysis.findings.append(Finding(
                    rule: .missingAdjustsFont, position: position,
                    message: "the text style scales, but without \"Automatically Adjusts Font\" the \(owner) keeps the size it had at launch",
                    current: "<fontDescription style=\"\(style)\"/>",
                    replacement: "adjustsFontForContentSizeCategory=\"YES\"",
                    fix: "tick \"Automatically Adjusts Font\" in the Attributes inspector", declaration: declaration, elements: [element]
                ))
            }
            return
        }
        guard let written = font["pointSize"] else { return }
        // Interface Builder writes 0 for "the default size", which UIKit draws at 17 pt.
        let pointSize = Double(written) == 0 ? "17" : written
        let size = Double(written) == 0 ? "its default size, 17pt" : "\(pointSize)pt"
        let face = font["name"].map { "custom font \($0)" } ?? "\(font["type"] ?? "system") font"
        let styleName = TextStyle.nearest(toPointSize: Double(pointSize), weight: font["weight"] ?? (font["type"] == "boldSystem" ? "bold" : nil))
        analysis.elements[element].font = "\(face), \(size)"
        analysis.elements[element].status = .fixed
        let replacement: String?
        let fix: String
        if let lost = Self.lostByTextStyle(font, style: styleName) {
            // A text style in Interface Builder is a face and size only: the fix keeps the font by scaling it in code.
            replacement = nil
            fix = "Interface Builder's text styles have no \(lost): set the font in code, "
                + "`UIFontMetrics(forTextStyle: .\(styleName.uiKitName)).scaledFont(for: \(Self.codeFont(font, pointSize: pointSize)))`, "
                + "with `adjustsFontForContentSizeCategory = true`"
        } else {
            replacement = "<fontDescription key=\"fontDescription\" style=\"UICTFontTextStyle\(Self.ibName(styleName))\"/>"
            fix = "set the font to the text style \(Self.inspectorName(styleName)) and " + Self.liveScaling(of: owner)
        }
        if let id = ownerAttributes["id"] { documentFontFindings.append((analysis.findings.count, id, true, ownerAttributes["customClass"])) }
        analysis.findings.append(Finding(
            rule: .interfaceBuilderFixedFont, position: position,
            message: "the \(owner) uses a \(face) at \(size), which does not scale with Dynamic Type",
            current: "<fontDescription \(font.filter { $0.key != "key" }.sorted { $0.key < $1.key }.map { "\($0.key)=\"\($0.value)\"" }.joined(separator: " "))/>",
            replacement: replacement, fix: fix, declaration: declaration, elements: [element]
        ))
    }

    /// How the element follows a change of text size while it shows: the
    /// inspector's checkbox where it has one; a button's title label is set
    /// in code (Interface Builder has no such box for buttons).
    private static func liveScaling(of owner: String) -> String {
        adjustingViews.contains(owner) ? "tick \"Automatically Adjusts Font\""
            : "set `titleLabel?.adjustsFontForContentSizeCategory = true` on its outlet in code"
    }

    /// What the text style would drop of the font: a custom face, italics, or
    /// a weight other than the style's own (`Headline` is the semibold one).
    private static func lostByTextStyle(_ font: [String: String], style: TextStyle) -> String? {
        if let name = font["name"] { return "custom face (\(name))" }
        if font["type"] == "italicSystem" { return "italic" }
        let weight = font["weight"] ?? (font["type"] == "boldSystem" ? "bold" : "regular")
        let kept = style == .headline ? ["semibold", "bold"] : ["regular"]
        return kept.contains(weight) ? nil : "\(weight) weight"
    }

    /// The Interface Builder font as UIKit code.
    private static func codeFont(_ font: [String: String], pointSize: String) -> String {
        if let name = font["name"] { return "UIFont(name: \"\(name)\", size: \(pointSize)) ?? .systemFont(ofSize: \(pointSize))" }
        switch font["type"] {
        case "boldSystem": return ".boldSystemFont(ofSize: \(pointSize))"
        case "italicSystem": return ".italicSystemFont(ofSize: \(pointSize))"
        default: return ".systemFont(ofSize: \(pointSize)\(font["weight"].map { ", weight: .\($0)" } ?? ""))"
        }
    }

    /// The style as the Attributes inspector lists it.
    private static func inspectorName(_ style: TextStyle) -> String {
        switch style {
        case .largeTitle: return "Large Title"
        case .title: return "Title 1"
        case .title2: return "Title 2"
        case .title3: return "Title 3"
        case .caption: return "Caption 1"
        case .caption2: return "Caption 2"
        default: return style.rawValue.capitalized
        }
    }

    /// Interface Builder spells text styles `UICTFontTextStyleTitle1`, `…Subhead`, `…Caption1`.
    private static func ibName(_ style: TextStyle) -> String {
        switch style {
        case .largeTitle: return "Title0"
        case .title: return "Title1"
        case .title2: return "Title2"
        case .title3: return "Title3"
        case .subheadline: return "Subhead"
        case .caption: return "Caption1"
        case .caption2: return "Caption2"
        default: return style.rawValue.prefix(1).uppercased() + style.rawValue.dropFirst()
        }
    }

    private func describe(_ name: String, _ attributes: [String: String]) -> String {
        if let text = attributes["text"] ?? attributes["title"] ?? attributes["placeholder"] { return "\(name) \"\(text)\"" }
        return "\(name) \(attributes["id"] ?? "")"
    }
}

/// A family beside the Swift ones (see `RuleFamilies`): its rules' descriptors
/// name it. It reads whole documents, so no trigger token selects them.
extension InterfaceBuilderAnalyzer: RuleFamily {
    static let triggers: [Trigger] = []
}
