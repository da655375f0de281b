import SwiftSyntax

/// A UIKit/AppKit view as code refers to it: a normalized path (`titleLabel`,
/// `payButton.titleLabel`, `self`) within the scope that declares it (the
/// enclosing type for properties, the body for locals such as the `label` of a
/// `let titleLabel: UILabel = { let label = UILabel() … }()` initializer).
struct Receiver: Hashable {
    let scope: SyntaxIdentifier
    let path: String

    /// `payButton` for `payButton.titleLabel`: the button whose title label it is.
    var owner: Receiver? {
        guard path.hasSuffix(".titleLabel") else { return nil }
        return Receiver(scope: scope, path: String(path.dropLast(".titleLabel".count)))
    }

    var titleLabel: Receiver { Receiver(scope: scope, path: path + ".titleLabel") }
}

/// `receiver.property = value`.
/// The text properties of a UIKit/AppKit view the rules read: a family
/// that needs another one adds its case, and the index records it.
enum TextViewProperty: String, CaseIterable {
    case font, adjustsFontForContentSizeCategory, numberOfLines, adjustsFontSizeToFitWidth
    case minimumScaleFactor, maximumContentSizeCategory, showsLargeContentViewer
}

struct PropertyAssignment {
    let statement: SequenceExprSyntax
    let property: TextViewProperty
    let value: [ExprSyntax]

    var singleValue: ExprSyntax? { value.count == 1 ? value[0] : nil }

    /// The receiver as the statement writes it, ready for another property
    /// (`label.`, `cell.textLabel?.`; nothing for `self`'s own): a fix beside
    /// the statement compiles where it stands, as in a property's initializer
    /// closure, where the local is in scope and the property is not.
    var writtenReceiver: String {
        guard let base = statement.elements.first?.as(MemberAccessExprSyntax.self)?.base else { return "" }
        return base.trimmedText.filter { !$0.isWhitespace } + "."
    }
}

/// Every assignment to a text property of a UIKit/AppKit view in a file, by
/// receiver, and the text views the file declares.
final class ReceiverIndex {
    private(set) var assignments: [Receiver: [PropertyAssignment]] = [:]
    /// Declared text views and their class (`UILabel`, `PillLabel` → `UILabel`).
    private(set) var declared: [Receiver: (textClass: String, node: Syntax)] = [:]
    /// Every `@IBOutlet` property, of any class (`ValidatingTextField` of
    /// another file too): the document says which element it is.
    private(set) var outlets: [Receiver: Syntax] = [:]
    /// The declared types of the file's properties, by name.
    private var memberTypes: [String: Set<String>] = [:]
    /// The call that builds a declared view: its initializer (`UIButton(configuration: …)`),
    /// or the local's in a closure that builds the property.
    private(set) var constructors: [Receiver: FunctionCallExprSyntax] = [:]
    /// The type of other receivers where the file says it (`AttributeContainer`,
    /// `Configuration`, a type's `self`).
    private var types: [Receiver: String] = [:]
    /// The local a property's closure initializer builds and returns
    /// (`let titleLabel: UILabel = { let label = UILabel() … return label }()`)
    /// is the property itself.
    private var aliases: [Receiver: Receiver] = [:]
    /// Whether the value a receiver's assignments start from is an AppKit view.
    private var platformByAssignment: [Receiver: Bool] = [:]
    /// The class that value has, where its superclasses leave the file.
    private var undecidedClassByAssignment: [Receiver: String] = [:]
    let context: FileContext

    init(context: FileContext) {
        self.context = context
        for variable in context.index.variables {
            declare(variable)
        }
        // The rule catalogue "Casts tell the type": the value is a view of the cast's class.
        for condition in context.index.castBindings {
            guard let name = condition.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let type = condition.initializer?.value.castType
            else { continue }
            types[Receiver(scope: typeScope(of: condition), path: name)] = type
        }
        for statement in context.index.assignments {
            record(statement)
            recordConstruction(statement)
        }
        for scope in context.index.typeScopes {
            let receiver = Receiver(scope: typeScope(of: scope.memberBlock), path: "self")
            if let textClass = context.textViewSubclasses[scope.name] {
                if assignments[receiver] != nil { declared[receiver] = (textClass, scope.node) }
            } else if !scope.isValueType {
                // A SwiftUI view named like a text view (`struct CategoryLabel: View`,
                // `struct HTMLTextView: UIViewRepresentable`) stores its `font` for its body.
                types[receiver] = scope.name
            }
        }
    }

    /// the rule catalogue "View-level UIKit rules need a view receiver": a text view by
    /// its class; a class the file declares otherwise (a `UIControl`
    /// subclass) or a value of another known type (`AttributeContainer`) is
    /// none; without a known type, the name says it (`titleLabel`, `PillLabel`).
    func isTextView(_ receiver: Receiver) -> Bool {
        if declared[receiver] != nil { return true }
        if let type = types[receiver] ?? memberType(of: receiver) {
            return !context.facts.classes.contains(type) && UIKitVocabulary.namesTextView(type)
        }
        return UIKitVocabulary.namesTextView(String(receiver.path.split(separator: ".").last ?? ""))
    }

    /// The class of a receiver declared with a type neither this file nor
    /// UIKit/AppKit declares (`AvatarButton()` of another file): whether it is
    /// a text view is known only from the classes of the whole audit.
    func typeDeclaredElsewhere(_ receiver: Receiver) -> String? {
        guard declared[receiver] == nil, let type = types[receiver] ?? memberType(of: receiver), !context.facts.classes.contains(type),
            !type.hasPrefix("UI"), !type.hasPrefix("NS")
        else { return nil }
        return type
    }

    /// `view.avatarButton`: another object's property, typed where a type of
    /// the file declares it (`let avatarButton: AvatarButton`), when every
    /// declaration of that name in the file says the same type.
    private func memberType(of receiver: Receiver) -> String? {
        let components = receiver.path.split(separator: ".")
        guard components.count > 1, let types = memberTypes[String(components.last!)], types.count == 1 else { return nil }
        return types.first
    }

    func assignments(to receiver: Receiver, _ property: TextViewProperty) -> [PropertyAssignment] {
        (assignments[receiver] ?? []).filter { $0.property == property }
    }

    /// The class of a receiver when the file says it (declaration or subclass).
    /// A declared view's text class, or a cast's (`view as? UILabel`).
    func textClass(of receiver: Receiver) -> String? {
        declared[receiver]?.textClass ?? types[receiver].flatMap { UIKitVocabulary.textClass(named: $0, subclasses: context.textViewSubclasses) }
    }

    /// Whether a receiver is an AppKit view (`NSTextField`, `NSPopUpButton`),
    /// when the file says its class.
    func isAppKit(_ receiver: Receiver) -> Bool? {
        if let textClass = textClass(of: receiver) { return UIKitVocabulary.isAppKit(textClass) }
        return types[receiver].flatMap(isAppKitType) ?? platformByAssignment[receiver]
    }

    /// The class whose superclasses, declared in other files, decide whether
    /// a receiver is AppKit's or UIKit's, when this file cannot (`view` of
    /// another file's `ProjectNavigatorTableViewCell` in `view.textField?.font`).
    func undecidedClass(of receiver: Receiver) -> String? {
        guard isAppKit(receiver) == nil else { return nil }
        return undecidedClassByAssignment[receiver]
    }

    // MARK: Recording

    private func record(_ statement: SequenceExprSyntax) {
        let elements = Array(statement.elements)
        let target = elements[0].unwrapped
        let property: String
        let base: ExprSyntax?
        if let member = target.as(MemberAccessExprSyntax.self) {
            property = member.declName.baseName.text
            base = member.base
        } else if let reference = target.as(DeclReferenceExprSyntax.self) {
            property = reference.baseName.text
            // A local or parameter of that name is not the view's property.
            guard !context.bindings.isLocalOrParameter(property, at: reference) else { return }
            base = nil
        } else {
            return
        }
        guard let property = TextViewProperty(rawValue: property) else { return }
        let assignment = PropertyAssignment(statement: statement, property: property, value: Array(elements.dropFirst(2)))
        let head = headType(of: base, at: statement)
        let appKit = head.flatMap { isAppKitType($0.name) }
        let undecided = appKit == nil ? head.flatMap { firstClassDeclaredElsewhere($0.name, declaredHere: $0.declaredHere) } : nil
        for receiver in receivers(for: base, at: statement) {
            assignments[receiver, default: []].append(assignment)
            if let appKit { platformByAssignment[receiver] = appKit }
            if let undecided { undecidedClassByAssignment[receiver] = undecided }
        }
    }

    /// the rule catalogue "UIKit or AppKit is decided by type": the type of the value an
    /// assignment's receiver path starts from (`label: NSTextField`, `view`
    /// of an `NSTableCellView` subclass in `view.textField?.font`), to be
    /// followed through the classes the file declares to the framework class
    /// it ends in.
    private func headType(of base: ExprSyntax?, at node: some SyntaxProtocol) -> (name: String, declaredHere: Bool)? {
        guard let base else { return nil }
        let head = String(Self.normalize(base).split(separator: ".").first ?? "")
        if head == "self" { return TypeScope.enclosing(node).map { ($0.name, true) } }
        if case .unknown = context.bindings.resolve(head, at: node) {
            // Not declared here: a member the type inherits (`textField` of an `NSTableCellView`).
            return TypeScope.enclosing(node).map { ($0.name, true) }
        }
        return context.bindings.typeName(of: head, at: node).map { ($0, false) }
    }

    /// The first class of `type`'s chain of superclasses that this file does
    /// not declare (`type` itself when the file does not declare it).
    private func firstClassDeclaredElsewhere(_ type: String, declaredHere: Bool) -> String? {
        let last = UIKitVocabulary.superclassChain(from: type) { context.facts.superclasses[$0] }.last ?? type
        // A cycle ends with a class the file declares a superclass for.
        guard context.facts.superclasses[last] == nil, !(last == type && declaredHere), !context.facts.classes.contains(last) else { return nil }
        return last.first?.isUppercase == true && !last.hasPrefix("NS") && !last.hasPrefix("UI") ? last : nil
    }

    private func isAppKitType(_ type: String) -> Bool? {
        UIKitVocabulary.isAppKit(class: type) { context.facts.superclasses[$0] }
    }

    /// The receivers an assignment's base denotes; `$0` in
    /// `[a, b].forEach { $0.x = … }` and `v` in `for v in [a, b]` stand for each element.
    func receivers(for base: ExprSyntax?, at node: some SyntaxProtocol) -> [Receiver] {
        guard let base else { return [Receiver(scope: typeScope(of: node), path: "self")] }
        let path = Self.normalize(base)
        let head = String(path.split(separator: ".").first ?? "")
        let tail = path.dropFirst(head.count)
        if let expansion = arrayElements(standingFor: head, at: node) {
            return expansion.flatMap { element in receivers(for: element, at: element).map { Receiver(scope: $0.scope, path: $0.path + tail) } }
        }
        let headScope = scope(of: head, at: node)
        if let alias = aliases[Receiver(scope: headScope, path: head)] {
            return [Receiver(scope: alias.scope, path: alias.path + tail)]
        }
        return [Receiver(scope: headScope, path: path)]
    }

    static func normalize(_ expression: ExprSyntax) -> String {
        var text = expression.trimmedText.filter { !$0.isWhitespace && $0 != "?" && $0 != "!" }
        if text.hasPrefix("self.") { text.removeFirst(5) }
        return text
    }

    private func scope(of head: String, at node: some SyntaxProtocol) -> SyntaxIdentifier {
        if head == "self" { return typeScope(of: node) }
        switch context.bindings.resolve(head, at: node) {
        case .local(let binding):
            return binding.ancestor(CodeBlockItemListSyntax.self)?.id ?? typeScope(of: node)
        case .parameter:
            return (node.ancestor(ClosureExprSyntax.self).map { Syntax($0) } ?? node.ancestor(FunctionDeclSyntax.self).map { Syntax($0) })?.id
                ?? typeScope(of: node)
        case .member, .unknown:
            return typeScope(of: node)
        }
    }

    /// The enclosing type, with a type and its extensions in the file as one
    /// scope ("anywhere in the enclosing type").
    private func typeScope(of node: some SyntaxProtocol) -> SyntaxIdentifier {
        guard let scope = TypeScope.enclosing(node) else { return context.root }
        return context.index.typeScopes.first { $0.name == scope.name }?.node.id ?? scope.node.id
    }

    private func arrayElements(standingFor name: String, at node: some SyntaxProtocol) -> [ExprSyntax]? {
        var current = node.parent
        while let candidate = current {
            if name == "$0", let closure = candidate.as(ClosureExprSyntax.self) {
                guard let call = closure.parent?.as(FunctionCallExprSyntax.self), call.calleeName == "forEach" else { return nil }
                return elements(of: call.calleeBase, at: call)
            }
            if let loop = candidate.as(ForStmtSyntax.self), loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                return elements(of: loop.sequence, at: loop)
            }
            if candidate.is(DeclSyntax.self) { return nil }
            current = candidate.parent
        }
        return nil
    }

    /// The views of an array of them: `[a, b]`, `[a, b].compactMap { $0 }`
    /// (outlets), or a local holding one (`let buttons = [left, right]…`).
    private func elements(of sequence: ExprSyntax?, at node: some SyntaxProtocol, depth: Int = 0) -> [ExprSyntax]? {
        guard let sequence = sequence?.unwrapped, depth < 3 else { return nil }
        if let array = sequence.as(ArrayExprSyntax.self) { return array.elements.map(\.expression) }
        if let call = sequence.as(FunctionCallExprSyntax.self), call.calleeName == "compactMap" {
            return elements(of: call.calleeBase, at: node, depth: depth + 1)
        }
        guard let name = sequence.as(DeclReferenceExprSyntax.self)?.baseName.text,
            case .local(let binding) = context.bindings.resolve(name, at: node),
            binding.ancestor(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let)
        else { return nil }
        return elements(of: binding.initializer?.value, at: binding, depth: depth + 1)
    }

    /// A declared view its type's code makes later (`progressLabel = UILabel()`
    /// in `viewDidLoad`, ownCloud's progress HUD): made here like one made
    /// where it is declared. A factory's view (`= makeLabel()`) is not.
    private func recordConstruction(_ statement: SequenceExprSyntax) {
        let elements = Array(statement.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            let call = elements[2].unwrapped.as(FunctionCallExprSyntax.self), let made = call.calleeName
        else { return }
        for receiver in receivers(for: elements[0], at: statement) where constructors[receiver] == nil {
            guard let binding = declared[receiver]?.node.as(PatternBindingSyntax.self), made == binding.declaredTypeName || made == "init"
            else { continue }
            constructors[receiver] = call
        }
    }

    private func declare(_ variable: VariableDeclSyntax) {
        for binding in variable.bindings {
            guard let name = binding.name else { continue }
            let scope: SyntaxIdentifier
            if variable.parent?.is(MemberBlockItemSyntax.self) == true {
                scope = typeScope(of: variable)
                if let type = binding.declaredTypeName { memberTypes[name, default: []].insert(type) }
            } else {
                scope = variable.ancestor(CodeBlockItemListSyntax.self)?.id ?? typeScope(of: variable)
            }
            let receiver = Receiver(scope: scope, path: name)
            if variable.attributes.attribute(named: "IBOutlet") != nil { outlets[receiver] = Syntax(binding) }
            // The property built by a closure is the view its local is (`badgeLabel2` of `{ let badgeLabel = UILabel() … }()`).
            var builtClass: String?
            var constructor = binding.initializer?.value.unwrapped.as(FunctionCallExprSyntax.self)
            if let local = builtLocal(in: binding) {
                aliases[local.receiver] = receiver
                declared.removeValue(forKey: local.receiver)
                builtClass = local.binding.flatMap(declaredClass(of:))
                constructor = local.binding?.initializer?.value.unwrapped.as(FunctionCallExprSyntax.self)
            }
            if let textClass = declaredClass(of: binding) ?? builtClass, aliases[receiver] == nil {
                declared[receiver] = (textClass, Syntax(binding))
                constructors[receiver] = constructor
            } else if let type = binding.declaredTypeName ?? binding.initializer?.value.castType {
                types[receiver] = type
                // A view of a class declared elsewhere, made here (`RoundedCrossButton()`).
                if constructor?.calleeName == type { constructors[receiver] = constructor }
            }
        }
    }

    /// `{ let label = UILabel(); …; return label }()`: the returned local, and its declaration.
    private func builtLocal(in binding: PatternBindingSyntax) -> (receiver: Receiver, binding: PatternBindingSyntax?)? {
        guard let call = binding.initializer?.value.unwrapped.as(FunctionCallExprSyntax.self),
            let closure = call.calledExpression.as(ClosureExprSyntax.self), call.arguments.isEmpty,
            let returned = closure.statements.returnedExpressions.last?.unwrapped.as(DeclReferenceExprSyntax.self)
        else { return nil }
        let name = returned.baseName.text
        let declaration = closure.statements.lazy.compactMap { $0.item.as(VariableDeclSyntax.self) }.flatMap(\.bindings).last { $0.name == name }
        return (Receiver(scope: closure.statements.id, path: name), declaration)
    }

    private func declaredClass(of binding: PatternBindingSyntax) -> String? {
        if let type = binding.typeAnnotation?.type.simpleName,
            let textClass = UIKitVocabulary.textClass(named: type, subclasses: context.textViewSubclasses)
        {
            return textClass
        }
        guard let call = binding.initializer?.value.unwrapped.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? call.calleeBase?.referencedName
        return callee.flatMap { UIKitVocabulary.textClass(named: $0, subclasses: context.textViewSubclasses) }
    }
}
