import Foundation

/// Root ignores file modes, so tests of permissions run dynatype as `nobody`
/// when they run as root, from a copy of the binary where `nobody` can run
/// it (the build folder may be private).
enum UnprivilegedUser {
    static let id: uid_t = 65534

    /// Whether this process must drop to `nobody` for file modes to apply.
    static var isNeeded: Bool { getuid() == 0 }

    /// The executable and leading arguments that run a copy of dynatype,
    /// made in `folder`, as `nobody`.
    static func dynatypeCommand(copyingBinaryTo folder: URL) throws -> (executable: URL, arguments: [String]) {
        let binary = folder.appendingPathComponent("dynatype")
        try FileManager.default.copyItem(at: dynatypeBinary, to: binary)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)
        return (URL(fileURLWithPath: "/usr/bin/setpriv"), ["--reuid=\(id)", "--regid=\(id)", "--clear-groups", binary.path])
    }

    /// Hands files and folders (not their contents) to `nobody`.
    static func own(_ urls: [URL]) throws {
        for url in urls where chown(url.path, id, id) != 0 {
            throw FixtureError(message: "cannot chown \(url.path): \(String(cString: strerror(errno)))")
        }
    }
}
