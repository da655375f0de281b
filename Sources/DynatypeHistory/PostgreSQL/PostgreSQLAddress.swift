import Foundation

/// Where a PostgreSQL history lives: a `postgresql://` URL as libpq reads it
/// (host, port, user, database, `?host=/run/postgresql` for a socket), and
/// the password when it comes from a file. Printed, the password is masked:
/// a connection string reaches logs and error messages.
public struct PostgreSQLAddress: Sendable, Equatable, CustomStringConvertible {
    public let url: String
    /// A file holding the password (the daemon's `password_file`); without
    /// it libpq reads the password from the URL, `PGPASSWORD` or `PGPASSFILE`
    /// (`~/.pgpass`).
    public let passwordFile: String?

    public init(url: String, passwordFile: String? = nil) {
        self.url = url
        self.passwordFile = passwordFile
    }

    /// Whether a `--db`/`database` value names a PostgreSQL database rather than an SQLite file.
    public static func isAddress(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    /// The URL with any password replaced by `***`.
    public var description: String { Self.redacted(url) }

    static func redacted(_ url: String) -> String {
        var text = url
        if let scheme = text.range(of: "://") {
            let authorityEnd = text[scheme.upperBound...].firstIndex { "/?".contains($0) } ?? text.endIndex
            if let at = text[scheme.upperBound..<authorityEnd].lastIndex(of: "@"),
               let colon = text[scheme.upperBound..<at].firstIndex(of: ":") {
                text.replaceSubrange(text.index(after: colon)..<at, with: "***")
            }
        }
        return text.replacingOccurrences(of: #"(?i)(password=)[^&\s]*"#, with: "$1***", options: .regularExpression)
    }

    /// The password from `passwordFile` (its first line), if one is configured.
    func password() throws -> String? {
        guard let passwordFile else { return nil }
        do {
            let text = try String(contentsOfFile: passwordFile, encoding: .utf8)
            return String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
        } catch {
            throw PostgreSQLError(message: "cannot read the password file \(passwordFile): \((error as NSError).localizedDescription)", state: nil, connectionLost: false)
        }
    }
}
