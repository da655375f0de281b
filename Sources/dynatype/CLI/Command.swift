import Foundation

/// A subcommand: its help text and what it does. Commands parse their own
/// arguments and return the process exit status.
protocol Command {
    static var name: String { get }
    static var summary: String { get }
    static var help: String { get }
    /// What the parser accepts: `help`'s OPTIONS list exactly these (a test holds them together).
    static var options: OptionSpec { get }
    /// Two or three command lines, each with what it does, ending `--help`.
    static var examples: [(command: String, purpose: String)] { get }
    static func run(_ arguments: [String]) throws -> Int32
}

extension Command {
    /// `--help`: the usage, options and exit status, then the examples.
    static var fullHelp: String {
        let width = examples.map(\.command.count).max() ?? 0
        let lines = examples.map { "  " + $0.command.padding(toLength: width, withPad: " ", startingAt: 0) + "   # " + $0.purpose }
        return help.trimmingCharacters(in: .newlines) + "\n\nEXAMPLES:\n" + lines.joined(separator: "\n")
    }
}

/// Exit statuses shared by every command (documented in `--help` and the README).
enum ExitStatus {
    static let success: Int32 = 0
    static let findings: Int32 = 1
    static let usage: Int32 = 2
}

enum Terminal {
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Color for a terminal unless NO_COLOR is set (https://no-color.org).
    static func wantsColor(_ option: String?) -> Bool {
        switch option {
        case "always": return true
        case "never": return false
        default: return stdoutIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        }
    }

    static func error(_ message: String) {
        FileHandle.standardError.write(Data("dynatype: \(message)\n".utf8))
    }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// A one-line status that rewrites itself (`\r`), only on a terminal.
    static func progress(_ text: String) {
        guard stderrIsTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(text)".utf8))
    }

    static func endProgress() {
        guard stderrIsTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}
