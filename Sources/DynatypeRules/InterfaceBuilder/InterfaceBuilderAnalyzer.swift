import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Phase one for `.xib` / `.storyboard` files: `interface_builder_fixed_font`
/// and `missing_adjusts_font` on text views' `<fontDescription>` elements.
public struct InterfaceBuilderAnalyzer: Sendable {
    public static let version = "ib-1"

    public init() {}

    public func analyze(data: Data) -> FileAnalysis {
        let reader = InterfaceBuilderReader(data: data)
        let parser = XMLParser(data: data)
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        // XMLParser may return true and still record an error (an unterminated document).
        if !parser.parse() || parser.parserError != nil {
            let code = (parser.parserError as NSError?)?.code ?? 0
            reader.analysis.remarks.append(
                "not a well-formed Interface Builder document (XML error \(code) near line \(parser.lineNumber)); results are partial"
            )
        }
        return reader.analysis
    }
}

/// The SAX delegate: keeps the stack of open elements and judges each text
/// view's font description.
private final class InterfaceBuilderReader: NSObject, XMLParserDelegate {
    /// Text views whose font IB lets you set, and those that expose
    /// "Automatically Adjusts Font" (RULES.md "Clarifications").
    static let textViews: Set<String> = ["label", "button", "textField", "textView"]
    static let adjustingViews: Set<String> = ["label", "textField", "textView"]

    var analysis = FileAnalysis(language: .interfaceBuilder)
    private let lines: [Substring]
    private var stack: [(name: String, attributes: [String: String], element: Int?)] = []
    /// macOS documents describe fonts with `<font metaFont=…>` on cells, which
    /// the catalogue (iOS text styles) does not cover.
    private var isMacDocument = false

    init(data: Data) {
        lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if elementName == "document", attributes["targetRuntime"]?.hasPrefix("MacOSX") == true {
            isMacDocument = true
            analysis.remarks.append("macOS Interface Builder document: AppKit cell fonts are outside the rule catalogue and were not audited")
        }
        if elementName == "buttonConfiguration", let owner = stack.last, owner.name == "button", let index = owner.element,
            case .unresolved = analysis.elements[index].status
        {
            // UIButton.Configuration titles use a text style unless a font is given.
            analysis.elements[index].font = "button configuration default"
            analysis.elements[index].status = .scales("a button configuration's default title font scales")
        }
        var element: Int?
        if Self.textViews.contains(elementName), !isMacDocument {
            analysis.elements.append(TextElement(
                kind: elementName, position: position(of: elementName, parser), description: describe(elementName, attributes),
                font: "default", status: .unresolved("no font description; Interface Builder's default font is a fixed size")
            ))
            element = analysis.elements.count - 1
        }
        // A text view's own font, or a button configuration's title font.
        if elementName == "fontDescription", let owner = Self.fontOwner(stack), let index = owner.element {
            judge(attributes, owner: owner.name, ownerAttributes: owner.attributes, element: index, at: position(of: elementName, parser))
        }
        stack.append((elementName, attributes, element))
    }

    private static func fontOwner(_ stack: [(name: String, attributes: [String: String], element: Int?)]) -> (name: String, attributes: [String: String], element: Int?)? {
        guard let parent = stack.last else { return nil }
        if parent.element != nil { return parent }
        if parent.name == "buttonConfiguration", stack.count >= 2, stack[stack.count - 2].name == "button" {
            return stack[stack.count - 2]
        }
        return nil
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        _ = stack.popLast()
    }

    func parser(_ parser: XMLParser, foundComment comment: String) {
        let position = SourcePosition(line: parser.lineNumber, column: 1)
        if let suppression = SuppressionScanner.parse(comment, at: position) { analysis.suppressions.append(suppression) }
    }

    private func judge(_ font: [String: String], owner: String, ownerAttributes: [String: String], element: Int, at position: SourcePosition) {
        let declaration = "\(owner) \(ownerAttributes["id"] ?? "")"
        if let style = font["style"] {
            let name = style.replacingOccurrences(of: "UICTFontTextStyle", with: "")
            analysis.elements[element].font = "text style \(name)"
            analysis.elements[element].status = .scales("text style \(name) scales")
            if Self.adjustingViews.contains(owner), ownerAttributes["adjustsFontForContentSizeCategory"] != "YES" {
                analysis.findings.append(Finding(
                    rule: .missingAdjustsFont, severity: .error, position: position,
                    message: "the text style scales, but without \"Automatically Adjusts Font\" the \(owner) keeps the size it had at launch",
                    current: "<fontDescription style=\"\(style)\"/>",
                    replacement: "adjustsFontForContentSizeCategory=\"YES\"",
                    fix: "tick \"Automatically Adjusts Font\" in the Attributes inspector", declaration: declaration, elements: [element]
                ))
            }
            return
        }
        guard let pointSize = font["pointSize"] else { return }
        let face = font["name"].map { "custom font \($0)" } ?? "\(font["type"] ?? "system") font"
        let styleName = TextStyle.nearest(toPointSize: Double(pointSize), weight: font["weight"] ?? (font["type"] == "boldSystem" ? "bold" : nil))
        let ibStyle = "UICTFontTextStyle" + Self.ibName(styleName)
        analysis.elements[element].font = "\(face), \(pointSize)pt"
        analysis.elements[element].status = .fixed
        analysis.findings.append(Finding(
            rule: .interfaceBuilderFixedFont, severity: .error, position: position,
            message: "the \(owner) uses a \(face) at \(pointSize)pt, which does not scale with Dynamic Type",
            current: "<fontDescription \(font.filter { $0.key != "key" }.sorted { $0.key < $1.key }.map { "\($0.key)=\"\($0.value)\"" }.joined(separator: " "))/>",
            replacement: "<fontDescription key=\"fontDescription\" style=\"\(ibStyle)\"/>",
            fix: "set the font to the text style \(styleName.rawValue.capitalized) and tick \"Automatically Adjusts Font\"",
            declaration: declaration, elements: [element]
        ))
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

    /// XMLParser reports where a start tag ends; findings sit at its `<`.
    private func position(of elementName: String, _ parser: XMLParser) -> SourcePosition {
        let needle = "<" + elementName
        var line = parser.lineNumber
        var limit = parser.columnNumber
        while line >= 1, line <= lines.count {
            let text = lines[line - 1]
            let searchable = limit > 0 ? text.utf8.prefix(limit) : text.utf8.prefix(text.utf8.count)
            if let range = Substring(searchable).range(of: needle, options: .backwards) {
                return SourcePosition(line: line, column: text.utf8.distance(from: text.startIndex, to: range.lowerBound) + 1)
            }
            line -= 1
            limit = 0
        }
        return SourcePosition(line: parser.lineNumber, column: 1)
    }
}
