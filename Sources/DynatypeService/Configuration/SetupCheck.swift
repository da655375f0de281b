import Foundation

/// What a repository's daemon will write to and run, checked before it
/// starts: a metrics folder it cannot write or a hook it cannot run would
/// otherwise be found at the first commit or the first alert, hours later.
enum SetupCheck {
    static func verify(_ settings: DaemonConfiguration.Repository, environment: [String: String]) throws {
        let problem = { (key: String, path: String, what: String) in
            DaemonSetupError(repository: settings.name, key: key, path: path, problem: what)
        }
        let outputs = [("alerts.jsonl", settings.alerts.jsonl), ("metrics_file", settings.metricsFile), ("report_file", settings.reportFile)]
        for case let (key, path?) in outputs {
            if let reason = unwritable(path) { throw problem(key, path, reason) }
        }
        if let program = settings.alerts.exec?.command.first, let reason = unrunnable(program, environment: environment) {
            throw problem("alerts.exec.command", program, reason)
        }
    }

    /// Why a file cannot be written (its folder is made when missing), or nil.
    private static func unwritable(_ path: String) -> String? {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return "its folder cannot be made (\((error as NSError).localizedDescription))"
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            return "its folder cannot be made (\(folder) is a file)"
        }
        let target = FileManager.default.fileExists(atPath: path) ? path : folder
        guard access(target, W_OK) == 0 else {
            return "\(target == path ? "it" : "its folder") cannot be written (\(String(cString: strerror(errno))))"
        }
        return nil
    }

    /// Why a hook's program cannot be run, or nil.
    private static func unrunnable(_ program: String, environment: [String: String]) -> String? {
        let candidates = program.contains("/")
            ? [program]
            : (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/\(program)" }
        var isFolder: ObjCBool = false
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder) && !isFolder.boolValue {
            return access(candidate, X_OK) == 0 ? nil : "it cannot be run (\(String(cString: strerror(errno))))"
        }
        return program.contains("/") ? "no such file" : "not found on PATH"
    }
}

/// The daemon's setup cannot work: refused at start, naming what to fix.
public struct DaemonSetupError: Error, CustomStringConvertible {
    let repository: String
    let key: String
    let path: String
    let problem: String

    public var description: String {
        "\(repository): \"\(key)\" \(path): \(problem); under systemd the service may write only its state directory "
            + "and the folders a drop-in names with ReadWritePaths="
    }
}

/// The daemon configuration file cannot be read (which is not to say it is invalid).
public struct UnreadableConfiguration: Error, CustomStringConvertible {
    let file: String
    let reason: String

    public var description: String {
        "cannot read the daemon configuration \(file) (\(reason)); the service runs as a dynamic user, "
            + "so the file must be readable by others (install -m 644), with secrets in root-only files passed by LoadCredential="
    }
}
