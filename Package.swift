// swift-tools-version:6.0
import Foundation
import PackageDescription

/// SwiftSyntax and SwiftParser ship inside the toolchain as host libraries
/// (`<toolchain>/usr/lib/swift/host`). SwiftPM cannot fetch swift-syntax here,
/// so the package links the toolchain's copy. The location is derived from the
/// `swift` found on PATH (symlinks resolved) so no machine path is committed;
/// `DYNATYPE_SWIFT_HOST_LIBS` overrides it for unusual installs.
func toolchainHostLibraries() -> String {
    let environment = ProcessInfo.processInfo.environment
    if let override = environment["DYNATYPE_SWIFT_HOST_LIBS"], !override.isEmpty {
        return override
    }
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else { continue }
        let usr = candidate.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        let host = usr.appendingPathComponent("lib/swift/host")
        if FileManager.default.fileExists(atPath: host.appendingPathComponent("SwiftSyntax.swiftmodule").path) {
            return host.path
        }
    }
    fatalError("dynatype: cannot find the toolchain's SwiftSyntax (lib/swift/host) from the swift on PATH; set DYNATYPE_SWIFT_HOST_LIBS")
}

let hostLibraries = toolchainHostLibraries()
let syntaxCompile: [SwiftSetting] = [.unsafeFlags(["-I", hostLibraries])]
let syntaxLink: [LinkerSetting] = [
    .unsafeFlags(["-L", hostLibraries, "-Xlinker", "-rpath", "-Xlinker", hostLibraries]),
    .linkedLibrary("SwiftSyntax"),
    .linkedLibrary("SwiftParser"),
]

let package = Package(
    name: "dynatype",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "dynatype", targets: ["dynatype"]),
        .executable(name: "dynatype-bench", targets: ["dynatype-bench"]),
    ],
    targets: [
        .systemLibrary(name: "CGit2", pkgConfig: "libgit2", providers: [.apt(["libgit2-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // glibc's malloc tuning (malloc.h), which the Glibc module leaves out.
        .systemLibrary(name: "CMalloc"),
        // The calling thread's kernel id (gettid), for lowering one thread's priority.
        .systemLibrary(name: "CLinuxThread"),
        .systemLibrary(name: "CPostgreSQL", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        // Webhook POSTs through libcurl, which reads no more of a response than its status needs.
        .target(name: "CCurlPost", linkerSettings: [.linkedLibrary("curl")]),
        .target(name: "DynatypeGit", dependencies: ["CGit2"]),
        .target(name: "DynatypeHistory", dependencies: ["CSQLite", "CPostgreSQL", "DynatypeRules"], swiftSettings: syntaxCompile),
        .target(name: "DynatypeRules", swiftSettings: syntaxCompile, linkerSettings: syntaxLink),
        .target(name: "DynatypeReport", dependencies: ["DynatypeRules", "DynatypeHistory"], swiftSettings: syntaxCompile),
        .target(name: "DynatypeEngine", dependencies: ["CMalloc", "CLinuxThread", "DynatypeRules", "DynatypeGit", "DynatypeHistory"], swiftSettings: syntaxCompile, linkerSettings: syntaxLink),
        .target(name: "DynatypeService", dependencies: ["CCurlPost", "DynatypeRules", "DynatypeEngine", "DynatypeGit", "DynatypeHistory", "DynatypeReport"], swiftSettings: syntaxCompile, linkerSettings: syntaxLink),
        .executableTarget(
            name: "dynatype",
            dependencies: ["DynatypeRules", "DynatypeReport", "DynatypeEngine", "DynatypeGit", "DynatypeHistory", "DynatypeService"],
            swiftSettings: syntaxCompile, linkerSettings: syntaxLink
        ),
        .target(name: "DynatypeFuzz", dependencies: ["DynatypeRules", "DynatypeEngine"], swiftSettings: syntaxCompile, linkerSettings: syntaxLink),
        .executableTarget(
            name: "dynatype-bench",
            dependencies: ["DynatypeRules", "DynatypeEngine", "DynatypeGit", "DynatypeHistory", "DynatypeFuzz"],
            swiftSettings: syntaxCompile, linkerSettings: syntaxLink
        ),
        .testTarget(
            name: "DynatypeTests",
            dependencies: ["DynatypeRules", "DynatypeReport", "DynatypeEngine", "DynatypeGit", "DynatypeHistory", "DynatypeService", "DynatypeFuzz", "dynatype"],
            exclude: ["Corpus"],
            swiftSettings: syntaxCompile, linkerSettings: syntaxLink
        ),
    ],
    swiftLanguageModes: [.v6]
)
