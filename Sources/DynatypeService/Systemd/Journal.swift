import Foundation

/// Log lines on stderr. Under systemd (stderr not a terminal) each line
/// starts with its syslog priority (`<3>`…`<7>`), which journald turns into
/// the entry's priority (SyslogLevelPrefix=, on by default).
public enum Journal {
    public enum Priority: Int, Sendable {
        case error = 3, warning = 4, notice = 5, info = 6, debug = 7

        var word: String {
            switch self {
            case .error: return "error"
            case .warning: return "warning"
            case .notice: return "notice"
            case .info: return "info"
            case .debug: return "debug"
            }
        }
    }

    private static let lock = NSLock()
    private static let onTerminal = isatty(STDERR_FILENO) == 1

    public static func log(_ priority: Priority, _ message: String) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        let text = lines.map { onTerminal ? "dynatype: \(priority.word): \($0)" : "<\(priority.rawValue)>\($0)" }.joined(separator: "\n") + "\n"
        lock.lock()
        defer { lock.unlock() }
        FileHandle.standardError.write(Data(text.utf8))
    }

    public static func error(_ message: String) { log(.error, message) }
    public static func warning(_ message: String) { log(.warning, message) }
    public static func notice(_ message: String) { log(.notice, message) }
    public static func info(_ message: String) { log(.info, message) }
}
