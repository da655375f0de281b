@testable import dynatype
import Foundation
import Testing

/// Every command's `--help` lists exactly the options its parser takes: both
/// come from the command's option table, the OPTIONS section rendered from
/// it, and this holds the rest of the help to it (a `--repository` the
/// parser took while a hand-written help left it out drifted before; the
/// USAGE synopsis is still written by hand).
@Suite struct HelpTests {
    /// The options an OPTIONS section names (`--db FILE|URL`, `--jobs N, -j N`), short spellings included.
    static func listedOptions(_ help: String) -> Set<String> {
        guard let start = help.range(of: "\nOPTIONS:\n") else { return [] }
        var names: Set<String> = []
        for line in help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.isEmpty, !line.hasPrefix(" ") { break }
            // An option's line starts with it; its description goes on further in.
            let text = line.drop { $0 == " " }
            guard line.count - text.count <= 4, text.hasPrefix("-") else { continue }
            let spellings = text.components(separatedBy: "  ")[0]
            for word in spellings.split(whereSeparator: { " ,|[]".contains($0) }) where word.hasPrefix("-") { names.insert(String(word)) }
        }
        return names
    }

    static let commandNames: [String] = CommandList.all.map { command in command.name }

    @Test(arguments: commandNames)
    func theHelpListsExactlyWhatTheParserTakes(command name: String) throws {
        let command = try #require(CommandList.all.first { $0.name == name })
        let parsed = command.options.values.union(command.options.flags).union(command.options.aliases.keys).union(["-h", "--help"])
        let listed = Self.listedOptions(command.fullHelp)
        #expect(listed == parsed, "`dynatype \(name) --help` lists \(listed.subtracting(parsed).sorted()) that the parser does not take, and leaves out \(parsed.subtracting(listed).sorted())")
    }

    /// The options a USAGE synopsis names, up to the first blank line.
    static func usageOptions(_ help: String) -> Set<String> {
        let synopsis = help.components(separatedBy: "\n\n")[0]
        return Set(synopsis.split(whereSeparator: { " ,|[]".contains($0) }).filter { $0.hasPrefix("-") }.map(String.init))
    }

    @Test(arguments: commandNames)
    func theUsageNamesOnlyOptionsTheParserTakes(command name: String) throws {
        let command = try #require(CommandList.all.first { $0.name == name })
        let parsed = command.options.values.union(command.options.flags).union(command.options.aliases.keys).union(["-h", "--help"])
        let named = Self.usageOptions(command.fullHelp).filter { $0 != "..." }
        #expect(named.isSubset(of: parsed), "`dynatype \(name)`'s USAGE names \(named.subtracting(parsed).sorted()), which the parser does not take")
    }

    @Test func anOptionsLineWrapsItsSummaryBesideOrBelowItsSpellings() {
        let short = CommandOption.value("--jobs", "N", short: "-j", String(repeating: "word ", count: 20))
        #expect(short.spellings == "--jobs N, -j N")
        let lines = short.helpLines.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("  --jobs N, -j N     word") && lines[1].hasPrefix(String(repeating: " ", count: 21) + "word"))
        #expect(lines.allSatisfy { $0.count <= 92 })
        let long = CommandOption.value("--repository-config", "MODE", "How far.")
        #expect(long.helpLines == "  --repository-config MODE\n" + String(repeating: " ", count: 21) + "How far.")
        #expect(CommandOption.flag("--quiet", short: "-q", "Less.").helpLines == "  -q, --quiet        Less.")
    }

    @Test func theCLIReferenceIsCurrent() throws {
        let file = try String(contentsOf: packageRoot.appendingPathComponent("docs/reference/cli.md"), encoding: .utf8)
        #expect(file == CLIReference.markdown(), "docs/reference/cli.md is stale: run `dynatype help --reference > docs/reference/cli.md`")
    }

    @Test func theReaderOfAnOptionsSectionReadsSpellingsAndAliases() {
        let help = """
            USAGE: x

            OPTIONS:
              --db FILE|URL      The history: an SQLite file
                                 or a --fake URL named in prose.
              --jobs N, -j N     Files in parallel.
              --all              Everything.
              -h, --help         Show this help.

            EXIT STATUS:
              0  fine
            """
        #expect(Self.listedOptions(help) == ["--db", "--jobs", "-j", "--all", "-h", "--help"])
    }
}
