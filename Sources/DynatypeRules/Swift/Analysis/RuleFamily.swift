/// A family of rules that share one pass over the syntax: what it reports
/// and what it needs to see, declared once (see `RuleFamilies`). The
/// prefilter is derived from the triggers, so a file no family could react
/// to is not parsed.
protocol RuleFamily: SendableMetatype {
    /// What the family needs to see in a file to report anything there (or
    /// define a symbol, or register an element): one of these tokens…
    static var triggers: [Trigger] { get }
    /// …and one of these too, when there are any: a family that only
    /// reports views it finds text in needs a text element in the file
    /// (`.lineLimit(1)` alone, say on a view model's property, reports nothing).
    static var alsoNeeds: [Trigger] { get }
}

extension RuleFamily {
    static var alsoNeeds: [Trigger] { [] }

    /// The rules whose findings the family reports, as their descriptors
    /// name it (a family that only registers elements or symbols reports none).
    static var emits: Set<RuleID> {
        Set(RuleCatalogue.all.filter { $0.families.contains { $0 == Self.self } }.map(\.id))
    }
}

/// How much of a file a family looks at (see `FileUnits`).
enum UnitScope: Sendable {
    /// One member of a type (or the file's top-level code) at a time.
    case member
    /// A type's members together: a UIKit label is configured across methods.
    case type
}

/// A family that runs over the analysis units of a file.
protocol UnitRuleFamily: RuleFamily {
    static var scope: UnitScope { get }
    static func run(in unit: UnitRun)
}

/// One unit's run of the families: the builder they report to and the views
/// and receivers some of them share, each found once and only when a family
/// asks for it.
final class UnitRun {
    let builder: AnalysisBuilder
    /// Registers the unit's SwiftUI text elements when first read.
    private(set) lazy var inventory = SwiftUIInventory(builder: builder)
    private(set) lazy var receivers = ReceiverIndex(context: builder.context)
    /// The elements of the UIKit text views, which `UIKitFontRule` registers
    /// for the families after it.
    var textViewElements: [Receiver: Int] = [:]

    init(builder: AnalysisBuilder) {
        self.builder = builder
    }

    func run(_ family: any UnitRuleFamily.Type) {
        builder.reportingFamily = family
        family.run(in: self)
    }
}
