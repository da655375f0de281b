import DynatypeEngine
import DynatypeRules
import Foundation

/// `dynatype`: argument dispatch only; every command's work lives in the libraries.
let commands: [any Command.Type] = [
    AuditCommand.self, CheckCommand.self, FixCommand.self, RulesCommand.self, ScanCommand.self, LogCommand.self, ShowCommand.self, DiffCommand.self,
    TrendCommand.self, BlameCommand.self, ReportCommand.self, FleetCommand.self, WatchCommand.self, StatusCommand.self,
]

let topLevelHelp = """
    dynatype — keep Swift and Interface Builder code accessible to people who use larger text.

    USAGE: dynatype <command> [options]

    COMMANDS:
    \(commands.map { "  " + $0.name.padding(toLength: 8, withPad: " ", startingAt: 0) + "  " + $0.summary }.joined(separator: "\n"))

    Run `dynatype <command> --help` for a command's options.

    OPTIONS:
      -h, --help     Show this help.
      --version      Print the version.

    EXIT STATUS:
      0  success (for audit: every file passes)
      1  findings: at least one file fails
      2  usage error, bad configuration or unreadable input (the message names it)
    """

var arguments = Array(CommandLine.arguments.dropFirst())
guard let first = arguments.first else {
    print(topLevelHelp)
    exit(ExitStatus.usage)
}
switch first {
case "-h", "--help", "help":
    if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
        print(command.fullHelp)
    } else {
        print(topLevelHelp)
    }
    exit(ExitStatus.success)
case "--version":
    print("dynatype \(DynatypeVersion.current)")
    exit(ExitStatus.success)
default:
    guard let command = commands.first(where: { $0.name == first }) else {
        let hint = Suggestion.hint(for: first, in: commands.map { $0.name }, quote: "`")
        Terminal.error("unknown command \"\(first)\"\(hint); run `dynatype --help` for the list")
        exit(ExitStatus.usage)
    }
    arguments.removeFirst()
    if arguments.contains("--help") || arguments.contains("-h") {
        print(command.fullHelp)
        exit(ExitStatus.success)
    }
    do {
        exit(try command.run(arguments))
    } catch let error as UsageError {
        Terminal.error("\(error.message)\nRun `dynatype \(command.name) --help` for usage.")
        exit(ExitStatus.usage)
    } catch let error as InputError {
        Terminal.error(error.message)
        exit(ExitStatus.usage)
    } catch {
        Terminal.error("\(error)")
        exit(ExitStatus.usage)
    }
}
