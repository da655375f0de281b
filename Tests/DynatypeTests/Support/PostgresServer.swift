import DynatypeHistory
import Foundation

/// A real PostgreSQL server for the tests: `initdb` into a temporary folder
/// as an unprivileged user (the server refuses root), started with `pg_ctl`
/// on a Unix socket in that folder (no TCP), trust authentication, and no
/// fsync (the tests' data is thrown away). `shared` is started once per test
/// run, on first use, and stopped when the run ends; a test that restarts
/// its server makes its own. Each test gets a fresh database.
///
/// The binaries come from Debian's `postgresql` package
/// (`/usr/lib/postgresql/<version>/bin`); without them the tests fail, since
/// CI installs them.
final class PostgresServer: @unchecked Sendable {
    let folder: URL
    let port: Int
    private let binaries: URL
    private var databases = 0
    private let lock = NSLock()

    static var shared: PostgresServer {
        get throws { try sharedServer.get() }
    }

    private static let sharedServer = Result { try PostgresServer(stopsWithTestProcess: true) }

    init(stopsWithTestProcess: Bool = false) throws {
        binaries = try Self.binaryFolder()
        folder = URL(fileURLWithPath: "/tmp/dynatype-pg-\(UUID().uuidString.prefix(8))")
        port = try Self.freePort()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if UnprivilegedUser.isNeeded { try UnprivilegedUser.own([folder]) }
        try run("initdb", ["-D", data, "-U", "dynatype", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"])
        try start()
        if stopsWithTestProcess { try stopWhenTestProcessEnds() }
    }

    deinit { stop() }

    private var data: String { folder.appendingPathComponent("data").path }

    /// A new, empty database on the server.
    func createDatabase() throws -> PostgreSQLAddress {
        lock.lock()
        databases += 1
        let name = "test_\(databases)_\(UUID().uuidString.prefix(8).lowercased())"
        lock.unlock()
        try PostgreSQLConnection(address("postgres")).execute("CREATE DATABASE \(name)")
        return address(name)
    }

    func address(_ database: String) -> PostgreSQLAddress {
        PostgreSQLAddress(url: "postgresql://dynatype@/\(database)?host=\(folder.path)&port=\(port)")
    }

    /// `pg_ctl restart -m fast`: every connection is dropped.
    func restart() throws {
        try run("pg_ctl", ["restart", "-D", data, "-m", "fast", "-w", "-l", log, "-o", options])
    }

    /// The server goes down and comes back, its data kept.
    func pause() throws {
        try run("pg_ctl", ["stop", "-D", data, "-m", "fast", "-w"])
    }

    func resume() throws { try start() }

    func stop() {
        try? run("pg_ctl", ["stop", "-D", data, "-m", "immediate", "-w"])
        try? FileManager.default.removeItem(at: folder)
    }

    private var log: String { folder.appendingPathComponent("server.log").path }

    private var options: String {
        "-p \(port) -k \(folder.path) -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    }

    private func start() throws {
        try run("pg_ctl", ["start", "-D", data, "-w", "-t", "60", "-l", log, "-o", options])
    }

    /// A watcher outside the test process stops the server once that
    /// process has gone, however it ended.
    private func stopWhenTestProcessEnds() throws {
        let stop = command("pg_ctl", ["stop", "-D", data, "-m", "immediate"]).map { "'\($0)'" }.joined(separator: " ")
        _ = try Self.spawn(["/bin/sh", "-c", "while kill -0 \(getpid()) 2>/dev/null; do sleep 0.5; done; \(stop); rm -rf '\(folder.path)'"], output: "/dev/null")
    }

    /// The command line that runs a server binary as the unprivileged user.
    private func command(_ tool: String, _ arguments: [String]) -> [String] {
        let binary = binaries.appendingPathComponent(tool).path
        guard UnprivilegedUser.isNeeded else { return [binary] + arguments }
        let id = UnprivilegedUser.id
        return ["/usr/bin/setpriv", "--reuid=\(id)", "--regid=\(id)", "--clear-groups", binary] + arguments
    }

    private func run(_ tool: String, _ arguments: [String]) throws {
        let output = folder.appendingPathComponent("\(tool).out").path
        var status: Int32 = 0
        let pid = try Self.spawn(command(tool, arguments), output: output)
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard status == 0 else {
            let text = [output, log].compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }.joined(separator: "\n")
            throw FixtureError(message: "\(tool) \(arguments.joined(separator: " ")) failed (status \(status)): \(text)")
        }
    }

    /// Starts a command with its output in a file and no other descriptor of
    /// this process (the server outlives the command: it must not hold the
    /// build lock or a test's pipe). Foundation's `Process` is not used: its
    /// exit notification needs a dispatch worker, and a test run can have
    /// every worker busy waiting for the server.
    private static func spawn(_ command: [String], output: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        _ = Self.closeFrom(&actions, 3)
        let arguments = command.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, command[0], &actions, nil, arguments, environ)
        guard result == 0 else { throw FixtureError(message: "cannot run \(command[0]): \(String(cString: strerror(result)))") }
        return pid
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np`, which its Swift module does not show.
    private static let closeFrom: @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32 = {
        unsafeBitCast(dlsym(nil, "posix_spawn_file_actions_addclosefrom_np"), to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// The newest installed server's bin folder.
    private static func binaryFolder() throws -> URL {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
            .filter { FileManager.default.isExecutableFile(atPath: root.appendingPathComponent("\($0)/bin/initdb").path) }
            .sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }
        guard let newest = versions.last else {
            throw FixtureError(message: "no PostgreSQL server in /usr/lib/postgresql/<version>/bin: install it (apt-get install postgresql libpq-dev, as .ci/run does)")
        }
        return root.appendingPathComponent("\(newest)/bin")
    }

    private static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw FixtureError(message: "cannot make a socket") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw FixtureError(message: "cannot find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
