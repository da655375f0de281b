/// Every subcommand, in the order `dynatype --help` lists them.
enum CommandList {
    static var all: [any Command.Type] {
        [
            AuditCommand.self, CheckCommand.self, FixCommand.self, RulesCommand.self, ScanCommand.self, LogCommand.self, ShowCommand.self, DiffCommand.self,
            TrendCommand.self, BlameCommand.self, ReportCommand.self, FleetCommand.self, WatchCommand.self, StatusCommand.self,
        ]
    }

    static var topLevelHelp: String {
        """
        dynatype — keep Swift and Interface Builder code accessible to people who use larger text.

        USAGE: dynatype <command> [options]

        COMMANDS:
        \(all.map { "  " + $0.name.padding(toLength: 8, withPad: " ", startingAt: 0) + "  " + $0.summary }.joined(separator: "\n"))

        Run `dynatype <command> --help` for a command's options, `dynatype help --reference` for all of them.

        OPTIONS:
          -h, --help     Show this help.
          --version      Print the version.

        EXIT STATUS:
          0  success (for audit: every file passes)
          1  findings: at least one file fails
          2  usage error, bad configuration or unreadable input (the message names it)
        """
    }
}
