import SwiftSyntax

/// A `UIFont` kept in a variable, where a scaled replacement is made once
/// and only a text view's `adjustsFontForContentSizeCategory` could make it
/// follow a later size change (AppKit's text styles do not change while an
/// app runs, so an `NSFont` is not held). Two stores leave that to
/// nobody, so `dynatype fix` leaves their edit to a person: a `static let`
/// (or a global `let`), made once per process and read by code that sets it
/// again (`updateConfiguration()`, a highlighter's attributes); and a
/// property or local that is never given to a view as its font nor handed
/// on, which the code draws, measures or puts on a layer by hand.
struct StoredPlatformFont {
    let call: FunctionCallExprSyntax
    /// The variable the font is stored in.
    let name: String

    var hold: FixHold? {
        guard isUIFont else { return nil }
        if let variable = declaration, isMadeOncePerProcess(variable) {
            return FixHold(
                reason: "`\(name)` is made once per process; make it a computed property "
                    + "(`static var \(name): UIFont { … }`) and scale it there",
                rules: nil
            )
        }
        guard let scope = readScope, !handsOn(in: scope) else { return nil }
        return FixHold(
            reason: "no view is given `\(name)` as its font: the code draws, measures or lays it out by hand, "
                + "so scale it where it is used and the geometry with it",
            rules: nil
        )
    }

    private var isUIFont: Bool {
        if let base = call.calleeBase?.referencedName { return base == "UIFont" }
        return declaration?.bindings.first?.typeAnnotation?.type.simpleName == "UIFont"
    }

    /// The declaration of a property around the font, or in the enclosing type.
    private var declaration: VariableDeclSyntax? {
        var node = call.parent
        while let current = node {
            if let variable = current.as(VariableDeclSyntax.self), SymbolCollector.isDeclarationLevel(current) { return variable }
            node = current.parent
        }
        return TypeScope.enclosing(call)?.memberBlock.members.lazy.compactMap { $0.decl.as(VariableDeclSyntax.self) }
            .first { $0.bindings.contains { $0.name == name } }
    }

    private func isMadeOncePerProcess(_ variable: VariableDeclSyntax) -> Bool {
        guard variable.bindingSpecifier.tokenKind == .keyword(.let) else { return false }
        let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
        return isStatic || TypeScope.enclosing(variable) == nil
    }

    /// Where the variable is read: the block declaring a local, else the
    /// members of the property's type.
    private var readScope: Syntax? {
        var node = call.parent
        while let current = node {
            if current.is(MemberBlockSyntax.self) || current.is(SourceFileSyntax.self) { break }
            if let block = current.as(CodeBlockItemListSyntax.self), declaresLocal(in: block) { return Syntax(block) }
            node = current.parent
        }
        return TypeScope.enclosing(call).map { Syntax($0.memberBlock) }
    }

    private func declaresLocal(in block: CodeBlockItemListSyntax) -> Bool {
        block.contains { item in
            item.item.as(VariableDeclSyntax.self)?.bindings.contains { $0.name == name } ?? false
        }
    }

    /// `return font`, `return custom ?? font`; not a returned attributes
    /// dictionary (`[.font: font]`), which the code draws with.
    private func isReturned(_ read: Syntax, within scope: Syntax) -> Bool {
        var node = read.parent
        while let current = node, current.id != scope.id {
            if current.is(ReturnStmtSyntax.self) { return true }
            if current.is(DictionaryElementSyntax.self) || current.is(CodeBlockItemSyntax.self) { return false }
            node = current.parent
        }
        return false
    }

    /// Whether some read gives the font to a view (`label.font = font`,
    /// `.font(font)`, `setFont(font)`, a `font:` argument) or hands it on
    /// (`return font`), where the code that receives it decides.
    private func handsOn(in scope: Syntax) -> Bool {
        scope.descendants(DeclReferenceExprSyntax.self).contains { reference in
            guard reference.baseName.text == name else { return false }
            // `self.font` reads as a whole; `font.pointSize` reads something else.
            let member = reference.parent?.as(MemberAccessExprSyntax.self)
            let read = member.flatMap { $0.declName.id == reference.id ? Syntax($0) : nil } ?? Syntax(reference)
            if isReturned(read, within: scope) { return true }
            if let list = read.parent?.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                return elements.count == 3 && elements[1].is(AssignmentExprSyntax.self) && elements[2].id == read.id
                    && elements[0].unwrapped.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "font"
            }
            guard let argument = read.parent?.as(LabeledExprSyntax.self),
                let receiving = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
            else { return false }
            return argument.label?.text == "font" || receiving.calleeName == "font" || receiving.calleeName == "setFont"
        }
    }
}
