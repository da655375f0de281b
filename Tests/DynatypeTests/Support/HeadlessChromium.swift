import Foundation

/// Debian's `chromium`, headless, for tests that look at a page as a
/// browser lays it out. Each run gets a profile of its own.
struct HeadlessChromium {
    let executable: URL
    let profile: TemporaryDirectory

    /// Nil when no chromium is installed (`apt-get install chromium`).
    init?() throws {
        let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").flatMap { folder in
            ["chromium", "chromium-browser"].map { URL(fileURLWithPath: String(folder)).appendingPathComponent($0) }
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else { return nil }
        executable = found
        profile = try TemporaryDirectory()
    }

    static let missing = "chromium is not installed: `apt-get install chromium fonts-dejavu-core` (.ci/run and scripts/bootstrap install it)"

    private func run(_ arguments: [String], page: URL) throws -> ProcessResult {
        // --no-sandbox: tests may run as root, which the sandbox refuses.
        try runProcess(executable, [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--hide-scrollbars",
            "--user-data-dir=\(profile.url.path)", "--window-size=1280,1000", "--enable-logging=stderr", "--v=0",
        ] + arguments + [page.absoluteString])
    }

    /// The DOM after load, and the console messages the page caused;
    /// `arguments` set the window size or the color scheme.
    func dumpDOM(_ page: URL, arguments: [String] = []) throws -> (dom: String, console: [String]) {
        let result = try run(["--dump-dom"] + arguments, page: page)
        return (result.stdout, Self.consoleLines(result.stderr))
    }

    /// A PNG of the page, `height` pixels tall.
    func screenshot(_ page: URL, to file: URL, height: Int) throws -> [String] {
        let result = try run(["--screenshot=\(file.path)", "--window-size=1280,\(height)"], page: page)
        return Self.consoleLines(result.stderr)
    }

    /// chromium logs a page's console messages (its own, failed loads,
    /// refused resources) as `…:INFO:CONSOLE…` lines.
    private static func consoleLines(_ log: String) -> [String] {
        log.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
    }
}

/// The width and height of a PNG, from its header.
func pngSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data.prefix(24))
    guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
    let number = { (offset: Int) in bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (number(16), number(20))
}
