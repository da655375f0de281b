/// Types and outlets of the audited code, for the view-level rules (the rule
/// catalogue "View-level UIKit rules need a view receiver" and "Outlets").
extension SymbolTable {
    /// Whether a class is a UIKit/AppKit text view by what it inherits, where
    /// the audited code declares it; nil when it does not.
    public func isTextView(_ type: String) -> Bool? {
        var pending = [type]
        var seen: Set<String> = []
        var declared = false
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            // A class the audit declares is what it inherits (`AvatarButton: UIControl` is no
            // button); only a framework class, or one declared nowhere, is judged by its name.
            let classes = definitions(named: name, kind: .viewClass)
            if classes.isEmpty, UIKitVocabulary.textClass(named: name, subclasses: [:]) != nil { return true }
            for located in classes {
                guard case .inherits(let types) = located.definition.value else { continue }
                declared = true
                pending += types
            }
        }
        return declared ? false : nil
    }

    /// Whether a class is an AppKit class, by the superclasses the audited
    /// code declares for it up to a framework class (`NSTableCellView`,
    /// `UITableViewCell`); nil when the chain leaves the audited code.
    public func isAppKitClass(_ type: String) -> Bool? {
        UIKitVocabulary.isAppKit(class: type) { name in
            let superclasses = definitions(named: name, kind: .viewClass).compactMap { located -> String? in
                guard case .inherits(let types) = located.definition.value else { return nil }
                return types.first
            }
            return superclasses.count == 1 ? superclasses[0] : nil
        }
    }

    /// Whether an appearance proxy gives the class, or a class it inherits
    /// as far as the audited code declares, a font.
    public func hasAppearanceFont(_ type: String) -> Bool { classOrSuperclass(of: type, has: .appearanceFont) }

    /// Whether the class, or a class it inherits as far as the audited code
    /// declares, replaces the font a document gives it (`DocumentFontReplacers`).
    public func replacesDocumentFont(_ type: String) -> Bool { classOrSuperclass(of: type, has: .documentFontReplaced) }

    /// Whether the class, or a class it inherits as far as the audited code
    /// declares, gives itself a font when code makes it (`SelfStylingClasses`).
    public func stylesItselfWhenMade(_ type: String) -> Bool { classOrSuperclass(of: type, has: .stylesItselfWhenMade) }

    private func classOrSuperclass(of type: String, has kind: SymbolKind) -> Bool {
        lineage(of: type).contains { !definitions(named: $0, kind: kind).isEmpty }
    }

    /// The class and the classes it inherits, as far as the audited code
    /// declares them: an outlet a superclass declares and styles is the
    /// subclass's outlet in the document that names the subclass.
    func lineage(of type: String) -> Set<String> {
        var pending = [type]
        var seen: Set<String> = []
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            for located in definitions(named: name, kind: .viewClass) {
                if case .inherits(let types) = located.definition.value, let superclass = types.first { pending.append(superclass) }
            }
        }
        return seen
    }

    /// Whether the outlet is connected in some Interface Builder document and
    /// every connection sets "Automatically Adjusts Font".
    public func outletAdjustsFont(owner: String, property: String) -> Bool {
        let connections = definitions(named: property, kind: .outlet).filter { $0.definition.container == owner }
        return !connections.isEmpty && connections.allSatisfy { $0.definition.value == .outlet(adjustsFont: true) }
    }

    /// Whether the file being resolved is in the folder of a widget
    /// extension's entry point (a folder with no app entry point in it),
    /// where content draws on the widget's fixed canvas (`WidgetCanvas`).
    public var viewerIsInWidgetExtension: Bool { viewerIsInFolder(of: { widget, _ in widget }) }

    /// Whether the file being resolved is in the folder of a watch app's
    /// entry point (and of no other app's): watch code, whose text styles
    /// have watchOS's sizes.
    public var viewerIsInWatchApp: Bool { viewerIsInFolder(of: { widget, watch in watch && !widget }) }

    /// In the folder of an entry point `chosen` picks, and of no entry point it does not.
    private func viewerIsInFolder(of chosen: (_ widget: Bool, _ watch: Bool) -> Bool) -> Bool {
        guard let path = viewerPath else { return false }
        var folders: [String] = [], others: [String] = []
        for entry in everyDefinition(named: EntryPoints.name, kind: .entryPoint) {
            guard case .entryPoint(let widget, let watch) = entry.definition.value else { continue }
            if chosen(widget, watch) { Self.folder(of: entry.path).map { folders.append($0) } } else { others.append(entry.path) }
        }
        return folders.contains { folder in path.hasPrefix(folder) && !others.contains { $0.hasPrefix(folder) } }
    }

    /// `Widgets/Bundle.swift` → `Widgets/`; nil at the top (a bundle there would make every file widget code).
    private static func folder(of path: String) -> String? {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return nil }
        return String(path[...slash])
    }
}
