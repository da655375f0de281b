/// The folder a file is counted under in per-folder summaries: its first two
/// folders (`Packages/Timeline`, `Sources/Settings`, `App/Views`), which is
/// where apps and Swift packages keep one module each, so a 400-file app
/// reads as a dozen rows rather than a hundred leaf folders.
public enum ModuleFolder {
    public static func of(_ path: String) -> String {
        let folders = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        return folders.isEmpty ? "." : folders.prefix(2).joined(separator: "/")
    }

    /// Each module folder's summary.
    public static func summaries(_ reports: some Sequence<FileReport>) -> [String: AuditSummary] {
        var summaries: [String: AuditSummary] = [:]
        for report in reports { summaries[of(report.path), default: AuditSummary()].add(report) }
        return summaries
    }
}
