import DynatypeRules
import Testing

/// Every rule's catalogue examples: triggering ones produce exactly the `↓`
/// findings of that rule, non-triggering ones none. As SwiftLint's
/// `verifyRule` does, each triggering example is also run disabled by a
/// suppression comment, commented out, inside a string literal, after a
/// shebang and after a line of multibyte text;
/// failures are reported at the example's declaration in the catalogue.
@Suite struct RuleExampleTests {
    @Test(arguments: RuleCatalogue.all.map(\.id))
    func triggeringExamplesFindExactlyTheMarkedPlaces(rule: RuleID) {
        let descriptor = RuleCatalogue.descriptor(rule)
        #expect(!descriptor.triggering.isEmpty, "\(rule) needs a triggering example")
        for example in descriptor.triggering {
            let (code, positions) = example.unmarked
            #expect(!positions.isEmpty, "\(rule) example has no ↓ marker", sourceLocation: example.sourceLocation)
            let found = findings(of: rule, in: code, example)
            #expect(found == positions, "\(rule): found \(found) expected \(positions) in\n\(code)", sourceLocation: example.sourceLocation)
        }
    }

    @Test(arguments: RuleCatalogue.all.map(\.id))
    func nonTriggeringExamplesFindNothing(rule: RuleID) {
        let descriptor = RuleCatalogue.descriptor(rule)
        #expect(!descriptor.nonTriggering.isEmpty, "\(rule) needs a non-triggering example")
        for example in descriptor.nonTriggering {
            let found = findings(of: rule, in: example.code, example)
            #expect(found.isEmpty, "\(rule): unexpected \(found) in\n\(example.code)", sourceLocation: example.sourceLocation)
        }
    }

    @Test(arguments: RuleCatalogue.all.map(\.id).filter { !Self.aboutComments.contains($0) })
    func triggeringExamplesFindNothingWhenDisabled(rule: RuleID) {
        for example in RuleCatalogue.descriptor(rule).triggering {
            let syntax = CommentSyntax(example)
            let code = syntax.line("dynatype:disable \(rule.rawValue)") + "\n" + example.unmarked.code
            let found = findings(of: rule, in: code, example)
            #expect(found.isEmpty, "\(rule): found \(found) despite a disable comment in\n\(code)", sourceLocation: example.sourceLocation)
        }
    }

    @Test(arguments: RuleCatalogue.all.map(\.id).filter { !Self.aboutComments.contains($0) })
    func triggeringExamplesFindNothingCommentedOut(rule: RuleID) {
        for example in RuleCatalogue.descriptor(rule).triggering {
            let code = CommentSyntax(example).commentingOut(example.unmarked.code)
            let found = findings(of: rule, in: code, example)
            #expect(found.isEmpty, "\(rule): found \(found) in commented-out code\n\(code)", sourceLocation: example.sourceLocation)
        }
    }

    @Test(arguments: RuleCatalogue.all.map(\.id))
    func triggeringExamplesFindTheSamePlacesAfterMultibyteText(rule: RuleID) {
        for example in RuleCatalogue.descriptor(rule).triggering {
            let (code, positions) = example.unmarked
            let shifted = CommentSyntax(example).line("日本語 🎉 ünïcödé") + "\n" + code
            let expected = positions.map { SourcePosition(line: $0.line + 1, column: $0.column) }
            let found = findings(of: rule, in: shifted, example)
            #expect(found == expected, "\(rule): found \(found) expected \(expected) after a multibyte line in\n\(shifted)", sourceLocation: example.sourceLocation)
        }
    }

    @Test(arguments: RuleCatalogue.all.map(\.id))
    func triggeringExamplesFindNothingInsideAStringLiteral(rule: RuleID) {
        for example in RuleCatalogue.descriptor(rule).triggering where example.fileName.hasSuffix(".swift") {
            let code = "let text = #\"\"\"\n" + example.unmarked.code + "\n\"\"\"#\n"
            let found = findings(of: rule, in: code, example)
            #expect(found.isEmpty, "\(rule): found \(found) in a string literal\n\(code)", sourceLocation: example.sourceLocation)
        }
    }

    @Test(arguments: RuleCatalogue.all.map(\.id))
    func triggeringExamplesFindTheSamePlacesAfterAShebang(rule: RuleID) {
        for example in RuleCatalogue.descriptor(rule).triggering where example.fileName.hasSuffix(".swift") {
            let (code, positions) = example.unmarked
            let shifted = "#!/usr/bin/env swift\n" + code
            let expected = positions.map { SourcePosition(line: $0.line + 1, column: $0.column) }
            let found = findings(of: rule, in: shifted, example)
            #expect(found == expected, "\(rule): found \(found) expected \(expected) after a shebang in\n\(shifted)", sourceLocation: example.sourceLocation)
        }
    }

    /// Rules whose examples are suppression comments themselves: disabling
    /// or commenting them out is no variation of the example.
    private static let aboutComments: Set<RuleID> = [.superfluousSuppression]

    private func findings(of rule: RuleID, in code: String, _ example: RuleExample) -> [SourcePosition] {
        audit(code, fileName: example.fileName).findings.filter { $0.rule == rule }.map(\.position)
    }
}

/// Comments in the example's language: Swift, or the XML of Interface Builder files.
private struct CommentSyntax {
    let isXML: Bool

    init(_ example: RuleExample) {
        isXML = !example.fileName.hasSuffix(".swift")
    }

    func line(_ text: String) -> String { isXML ? "<!-- \(text) -->" : "// \(text)" }

    func commentingOut(_ code: String) -> String {
        isXML ? "<!--\n\(code)\n-->" : code.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }.joined(separator: "\n")
    }
}

extension RuleExample {
    var sourceLocation: SourceLocation { SourceLocation(fileID: fileID, filePath: filePath, line: line, column: 1) }
}
