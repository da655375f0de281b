/// Why `dynatype fix` leaves a finding's replacement to a person: the
/// element's size or font is owned by something the replacement does not
/// change (a navigation bar, a badge's fixed shape, a handler that sets the
/// font again). The finding stands; only the mechanical edit is withheld, so a
/// reviewer never sees a hunk that cannot work as it is.
struct FixHold {
    let reason: String
    /// The rules whose replacements are withheld; every rule when `nil`.
    let rules: Set<RuleID>?

    func holds(_ rule: RuleID) -> Bool { rules?.contains(rule) ?? true }
}

extension Finding {
    /// The finding with no replacement on any platform, its advice naming why.
    func withoutReplacement(because reason: String) -> Finding {
        guard replacement != nil || onMacOS?.replacement != nil || onWatchOS?.replacement != nil else { return self }
        let advise = { (fix: String) in "\(fix), by hand: \(reason)" }
        var held = self
        held.replacement = nil
        held.fix = advise(fix)
        let withoutReplacement = { (alternative: FixAlternative) in
            FixAlternative(replacement: nil, fix: advise(alternative.fix), rule: alternative.rule, message: alternative.message)
        }
        held.onMacOS = onMacOS.map(withoutReplacement)
        held.onWatchOS = onWatchOS.map(withoutReplacement)
        return held
    }
}
