import DynatypeEngine
import DynatypeRules
import Foundation

/// `dynatype`: argument dispatch only; every command's work lives in the libraries.
let commands = CommandList.all

var arguments = Array(CommandLine.arguments.dropFirst())
guard let first = arguments.first else {
    print(CommandList.topLevelHelp)
    exit(ExitStatus.usage)
}
switch first {
case "-h", "--help", "help":
    if arguments.count > 1, arguments[1] == "--reference" {
        print(CLIReference.markdown(), terminator: "")
    } else if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
        print(command.fullHelp)
    } else {
        print(CommandList.topLevelHelp)
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
