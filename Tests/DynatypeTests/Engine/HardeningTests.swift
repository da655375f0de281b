@testable import DynatypeEngine
import DynatypeGit
import DynatypeHistory
@testable import DynatypeRules
import Foundation
import Testing

/// Inputs a repository can carry that once crashed, stalled or misled the
/// tool; each test failed before its fix.
@Suite struct HardeningTests {
    // MARK: Interface Builder bytes

    static let labelXIB = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB">
            <objects>
                <NAME id="a">
                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                </NAME>
            </objects>
        </document>
        """

    /// One invalid UTF-8 byte in an element or attribute name used to trap
    /// inside Foundation's XMLParser, killing `scan` and `watch` on every retry.
    @Test(arguments: ["element", "attribute", "value"])
    func invalidUTF8InAnInterfaceBuilderNameIsAuditedNotACrash(place: String) throws {
        var bytes = Array(Self.labelXIB.replacingOccurrences(of: "NAME", with: "label").utf8)
        let target = ["element": "<label", "attribute": " id=", "value": "\"a\""][place]!
        let index = try #require(Self.find(Array(target.utf8), in: bytes))
        bytes.insert(0xFF, at: index + 3)
        let folder = try TemporaryDirectory()
        try folder.write("Broken.xib", data: Data(bytes))
        let result = try runDynatype(["audit", "--format", "json", "Broken.xib"], in: folder.url)
        #expect(result.status == 0 || result.status == 1, "status \(result.status): \(result.stderr.prefix(300))")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((document?["files"] as? [Any])?.count == 1)
    }

    @Test func aCommitWithABrokenInterfaceBuilderFileIsAuditedNotFailed() throws {
        let fixture = try GitFixture()
        var bytes = Array(Self.labelXIB.replacingOccurrences(of: "NAME", with: "label").utf8)
        bytes.insert(0xFE, at: try #require(Self.find(Array("<label".utf8), in: bytes)) + 2)
        try fixture.write("App/Broken.xib", data: Data(bytes))
        try fixture.commit("a mangled xib")
        let scan = try runDynatype(["scan"], in: fixture.url)
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(scan.stdout.contains("(0 failed)"))
    }

    @Test func theScannerDecodesEntitiesLocatesTagsAndReportsMalformedMarkup() {
        var events: [XMLScanner.Event] = []
        var scanner = XMLScanner(Array("<a>\n  <b t=\"x &amp; &#x41;&#66; &bogus;\"/>\n<!-- c -->\n</a>".utf8))
        #expect(scanner.scan { events.append($0) } == nil)
        #expect(events == [
            .start(name: "a", attributes: [:], line: 1, column: 1),
            .start(name: "b", attributes: ["t": "x & AB &bogus;"], line: 2, column: 3),
            .end(name: "b"),
            .comment(text: " c ", line: 3),
            .end(name: "a"),
        ])
        for malformed in ["<a><b></a>", "<a", "<a x=1/>", "<a><!-- never closed", "text only", "<a></b>"] {
            var scanner = XMLScanner(Array(malformed.utf8))
            #expect(scanner.scan { _ in } != nil, "\(malformed)")
        }
    }

    @Test func entityDeclarationsAreNeverExpanded() {
        let bomb = """
            <?xml version="1.0"?>
            <!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <document><objects><label text="&b;" id="l"><fontDescription key="fontDescription" type="system" pointSize="12"/></label></objects></document>
            """
        let report = audit(bomb, fileName: "Bomb.xib")
        #expect(report.elements.first?.element.description == "label \"&b;\"")
        #expect(ruleLines(report) == ["interface_builder_fixed_font:3"])
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        haystack.indices.first { haystack[$0...].starts(with: needle) }
    }

    // MARK: Numbers out of range

    @Test(arguments: [("max_file_size_kb", "1e19"), ("max_file_size_kb", "0"), ("max_file_size_kb", "1.5")])
    func anOutOfRangeProjectSettingIsAnErrorNamingTheKey(key: String, value: String) throws {
        let folder = try TemporaryDirectory()
        try folder.write(".dynatype.json", "{\"\(key)\": \(value)}")
        try folder.write("A.swift", "let a = 1\n")
        let result = try runDynatype(["audit"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("\"\(key)\""), "\(result.stderr)")
    }

    @Test func aCommitCarryingAnOutOfRangeSettingIsAuditedWithTheLastValidConfiguration() throws {
        let fixture = try GitFixture()
        try fixture.write("App/A.swift", Snippets.view("A"))
        try fixture.commit("start")
        try fixture.write(".dynatype.json", "{\"max_file_size_kb\": 1e19}")
        try fixture.commit("a hostile configuration")
        let scan = try runDynatype(["scan"], in: fixture.url)
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(scan.stdout.contains("(0 failed)"))
        let log = try runDynatype(["log"], in: fixture.url)
        #expect(log.stdout.contains("configuration invalid (audited with the last valid one)"), "\(log.stdout)")
        #expect(log.stdout.contains("max_file_size_kb"))
    }

    @Test(arguments: [
        ("\"backfill\": 1e19", "backfill"),
        ("\"alerts\": {\"retry_initial_seconds\": 1e300}", "retry_initial_seconds"),
        ("\"alerts\": {\"exec\": {\"command\": [\"/bin/true\"], \"timeout_seconds\": 1e300}}", "timeout_seconds"),
    ])
    func anOutOfRangeDaemonSettingIsAnErrorNamingTheKey(setting: String, key: String) throws {
        let folder = try TemporaryDirectory()
        let config = try folder.write("daemon.json", "{\"repositories\": [{\"path\": \"\(folder.url.path)\", \(setting)}]}")
        let result = try runDynatype(["watch", "--config", config.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains(key) && result.stderr.contains("must be"), "\(result.stderr)")
    }

    @Test(arguments: ["-5", "abc"])
    func aDatabaseWithAnImpossibleSchemaVersionIsRefusedAsCorrupt(version: String) throws {
        let fixture = try GitFixture()
        try fixture.write("App/A.swift", Snippets.view("A"))
        try fixture.commit("start")
        #expect(try runDynatype(["scan"], in: fixture.url).status == 0)
        let path = fixture.url.appendingPathComponent(".git/dynatype/history.sqlite").path
        let database = try SQLiteDatabase(path: path)
        try database.run("UPDATE dynatype_meta SET value = ? WHERE key = 'schema_version'", [.text(version)])
        for command in [["log"], ["scan"]] {
            let result = try runDynatype(command, in: fixture.url)
            #expect(result.status == 2)
            #expect(result.stderr.contains("schema version"), "\(result.stderr)")
        }
    }

    // MARK: Files that are not what their name says

    /// A 2 GB sparse file used to be read whole (2.1 GB resident) before the size check.
    /// A NUL byte made a Swift file "binary": the audit said so, but a
    /// scan dropped it silently and the commit's history never named it.
    @Test func aFileACommitCannotHaveAuditedIsNamedInItsHistory() throws {
        let fixture = try GitFixture()
        try fixture.write("App/A.swift", "import SwiftUI\nlet t = Text(\"b\").font(.body)\n")
        try fixture.commit("first")
        try fixture.write("App/Blob.swift", data: Data("let a = 1\n\0\n".utf8))
        try fixture.commit("a binary file named .swift")
        #expect(try runDynatype(["scan"], in: fixture.url).status == 0)
        let show = try runDynatype(["show", "HEAD"], in: fixture.url)
        #expect(show.stdout.contains("Not audited: 1 file of the tree\n    App/Blob.swift: not audited: it contains a NUL byte"), "\(show.stdout)")
        let json = try JSONSerialization.jsonObject(with: Data(try runDynatype(["show", "HEAD", "--format", "json"], in: fixture.url).stdout.utf8))
        let commit = try #require(json as? [String: Any])
        #expect(commit["files_not_audited"] as? Int == 1)
        #expect((commit["not_audited"] as? [String: String])?.keys.sorted() == ["App/Blob.swift"])
        let earlier = try runDynatype(["show", "HEAD~1"], in: fixture.url)
        #expect(!earlier.stdout.contains("Not audited"))
    }

    @Test func anOversizeFileIsDeclinedWithoutBeingRead() throws {
        let folder = try TemporaryDirectory()
        let big = folder.url.appendingPathComponent("Generated.swift")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        try folder.write("A.swift", "let a = 1\n")
        // With its data segment capped at 1 GB, a binary that read the file would die allocating it.
        let result = try runProcess(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -d 1048576; exec \"$0\" audit --format json", dynatypeBinary.path], in: folder.url
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("larger than 8192 KB (2097152 KB)"))
    }

    @Test func aFIFONamedSwiftIsReportedForWhatItIsWithoutBlocking() throws {
        let folder = try TemporaryDirectory()
        try folder.write("A.swift", "let a = 1\n")
        #expect(mkfifo(folder.url.appendingPathComponent("Pipe.swift").path, 0o644) == 0)
        let result = try runDynatype(["audit"], in: folder.url)
        #expect(result.status == 2)
        let output = result.stdout + result.stderr
        #expect(output.contains("Pipe.swift: not a regular file: a FIFO (named pipe)"), "\(output)")
    }

    /// An unreadable subfolder was skipped silently: its files simply vanished from the audit.
    @Test func anUnreadableSubfolderIsReportedAndFailsTheRun() throws {
        let folder = try TemporaryDirectory()
        try folder.write("App/A.swift", "let a = 1\n")
        try folder.write("App/Locked/B.swift", "let b = 1\n")
        let locked = folder.url.appendingPathComponent("App/Locked")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
        let result = try runAsUnprivilegedUser(["audit", folder.url.appendingPathComponent("App").path], copyingBinaryTo: folder.url)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        let output = result.stdout + result.stderr
        #expect(output.contains("Locked: cannot list this folder: Permission denied"), "\(output)")
    }

    private func runAsUnprivilegedUser(_ arguments: [String], copyingBinaryTo folder: URL) throws -> ProcessResult {
        guard UnprivilegedUser.isNeeded else { return try runDynatype(arguments) }
        let command = try UnprivilegedUser.dynatypeCommand(copyingBinaryTo: folder)
        return try runProcess(command.executable, command.arguments + arguments, in: folder)
    }
}

@Suite struct ParserLimitTests {
    /// Past 256 levels SwiftParser skips the rest as unexpected text: the
    /// fixed font down there used to vanish and the file passed.
    @Test func aFileNestedBeyondTheParserLimitIsDeclinedNotPassed() {
        let deep = "import SwiftUI\nstruct A: View {\n  var body: some View {\n"
            + String(repeating: "VStack {\n", count: 300) + "Text(\"x\").font(.system(size: 9))\n"
            + String(repeating: "}\n", count: 300) + "  }\n}\n"
        guard case .declined(let reason) = FileAnalyzer().analyze(Data(deep.utf8), kind: .swift) else {
            Issue.record("a file nested 300 levels deep was audited as if complete")
            return
        }
        #expect(reason.contains("deeper than the Swift parser's limit of 256 levels"))
    }

    @Test func bracketsInCommentsAndStringsDoNotCount() {
        let text = "let a = \"" + String(repeating: "(", count: 300) + "\"\n// " + String(repeating: "{", count: 300)
            + "\n/* " + String(repeating: "[", count: 300) + " */\nlet b = \"\"\"\n" + String(repeating: "(", count: 300) + "\n\"\"\"\n"
        #expect(ParserHazards.reason(Array(text.utf8)) == nil)
        #expect(ParserHazards.reason(Array(("let c = " + String(repeating: "(", count: 256)).utf8)) != nil)
    }

    /// SwiftParser's lookahead is exponential in a run of `[`: 24 of them,
    /// balanced, took a minute; a file of them would stall every audit of its commit.
    @Test func aLongRunOfOpeningSquareBracketsIsDeclinedBeforeParsing() {
        let nested = "import SwiftUI\nlet f = Font.system(size: 9)\nlet x = " + String(repeating: "[ ", count: 24) + "1" + String(repeating: "]", count: 24)
        guard case .declined(let reason) = FileAnalyzer().analyze(Data(nested.utf8), kind: .swift) else {
            Issue.record("the file was parsed")
            return
        }
        #expect(reason.contains("more than 12 `[` in a row"))
        let interpolated = "let s = \"\\(\"\\(" + String(repeating: "[", count: 20) + "\")\")\""
        #expect(ParserHazards.reason(Array(interpolated.utf8)) != nil, "code inside string interpolations counts")
        let everyday = "let grid = [[1, 2], [3, 4]]\nlet deep: [[[[[String: [Int]]]]]] = []\n"
        #expect(ParserHazards.reason(Array(everyday.utf8)) == nil)
    }

    /// `[[(` repeated: no run of `[`, nesting far below the limit, and the
    /// parser's lookahead still doubles per repetition (16 took minutes).
    /// Shapes like it are endless, so the budget is CPU time, not a pattern.
    static func garbled(_ repetitions: Int) -> String {
        "import SwiftUI\nlet y = Text(\"a\").font(.system(size: 12))\nlet x = " + String(repeating: "[[(", count: repetitions)
    }

    /// ~2 s of parsing: the thread given up on ends soon after the test.
    static let garbled = garbled(8)

    @Test func aFileOverItsCPUBudgetIsDeclinedNamingTheBudget() {
        #expect(ParserHazards.reason(Array(Self.garbled.utf8)) == nil, "the shape scan does not catch this one")
        guard case .declined(let reason) = FileAnalyzer(timeLimit: 0.05).analyze(Data(Self.garbled.utf8), kind: .swift) else {
            Issue.record("the garbled file was analyzed within a 50 ms budget")
            return
        }
        #expect(reason.hasPrefix("not audited: parsing and analysing it took more than 0 s of CPU time"), "\(reason)")
        guard case .analyzed(let analysis) = FileAnalyzer(timeLimit: 0.05).analyze(Data("let a = Font.system(size: 9)\n".utf8), kind: .swift) else {
            Issue.record("an ordinary file was declined")
            return
        }
        #expect(analysis.remarks.isEmpty)
    }

    @Test func theBudgetCountsTheWorkersCPUTimeAndReturnsTheValueWithinIt() {
        #expect(CPUBudget.run(seconds: 5) { 42 } == 42)
        let spin: @Sendable () -> Int = {
            // This thread's CPU time: other tests' threads run meanwhile.
            func spent() -> Double {
                var time = timespec()
                clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
                return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
            }
            let start = spent()
            var turns = 0
            while spent() - start < 0.2 { turns &+= 1 }
            return turns
        }
        #expect(CPUBudget.run(seconds: 0.05, spin) == nil)
        #expect(CPUBudget.run(seconds: 30, spin) != nil)
    }

    /// The real binary on a folder holding one such file: the other files'
    /// findings are reported, the garbled one is named as not audited.
    @Test func anAuditGoesOnPastAFileThatWouldStallTheParser() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Garbled.swift", Self.garbled(12))
        try folder.write("Plain.swift", "import SwiftUI\nlet t = Text(\"b\").font(.system(size: 13))\n")
        let result = try runDynatype(["audit"], in: folder.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("FAIL  Plain.swift"), "\(result.stdout)")
        #expect(result.stdout.contains("SKIP   Garbled.swift: not audited: parsing and analysing it took more than 10 s of CPU time"), "\(result.stdout)")
        #expect(result.stdout.contains("1 not audited"))
    }
}

@Suite struct FileNameEscapingTests {
    /// A name with a newline printed raw could forge a diagnostic line in xcode output.
    @Test func aNewlineInAFileNameCannotForgeADiagnosticLine() throws {
        let folder = try TemporaryDirectory()
        let name = "Evil.swift\nForged.swift:1:1: error: fake (fixed_font_size)\nX.swift"
        try folder.write(name, "import SwiftUI\nstruct A: View { var body: some View { Text(\"a\").font(.system(size: 9)) } }\n")
        for format in ["xcode", "text"] {
            let result = try runDynatype(["audit", "--format", format], in: folder.url)
            #expect(result.status == 1)
            let lines = result.stdout.split(separator: "\n")
            #expect(!lines.contains { $0.hasPrefix("Forged.swift") }, "\(format): \(result.stdout)")
            #expect(result.stdout.contains("Evil.swift\\nForged.swift"), "\(format): \(result.stdout)")
        }
    }
}

@Suite struct NonUTF8FileNameTests {
    /// Two names that differ only in a byte that is not UTF-8 used to decode
    /// to the same path: one file in the history instead of two.
    @Test func twoNamesThatDifferInAnInvalidByteStayTwoFilesInTheHistory() throws {
        let fixture = try GitFixture()
        try fixture.write("App/Start.swift", Snippets.view("Start"))
        try fixture.commit("start")
        try fixture.write("Fixed.swift", Snippets.fixedView)
        let script = """
            blob=$(git hash-object -w Fixed.swift)
            git update-index --add --cacheinfo 100644,$blob,"$(printf 'App/A\\377.swift')"
            git update-index --add --cacheinfo 100644,$blob,"$(printf 'App/A\\376.swift')"
            git update-index --add --cacheinfo 100644,$blob,'App/A\\xFF.swift'
            git commit -q -m "three look-alike names"
            """
        let result = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: fixture.url, environment: ["HOME": fixture.folder.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        try fixture.remove("Fixed.swift")
        #expect(try runDynatype(["scan"], in: fixture.url).status == 0)
        let show = try runDynatype(["show", "HEAD", "--format", "json"], in: fixture.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["files_audited"] as? Int == 4)
        let paths = Set(((document["introduced_findings"] as? [[String: Any]]) ?? []).compactMap { $0["path"] as? String })
        #expect(paths == ["App/A\\xFF.swift", "App/A\\xFE.swift", "App/A\\\\xFF.swift"])
    }

    @Test func theEscapingIsOneToOne() {
        #expect(GitPath.decode(Array("App/Ünïcödé.swift".utf8)) == "App/Ünïcödé.swift")
        #expect(GitPath.decode([0x41, 0xFF, 0x42]) == "A\\xFFB")
        #expect(GitPath.decode(Array("A\\xFFB".utf8)) == "A\\\\xFFB")
        #expect(GitPath.decode([0xC3]) == "\\xC3")
        #expect(GitPath.decode([0xED, 0xA0, 0x80]) == "\\xED\\xA0\\x80")
    }

    /// A file name that is not UTF-8 (git takes any bytes) is audited under
    /// its escaped name, and the pre-commit check works beside it.
    @Test func aFileNameThatIsNotUTF8IsAuditedAndChecked() throws {
        let fixture = try GitFixture()
        try fixture.write("A.swift", Snippets.view("A"))
        let raw = Array(fixture.url.path.utf8) + Array("/Caf".utf8) + [0xE9] + Array(".swift".utf8)
        let data = Data(Snippets.view("Cafe", font: ".system(size: 12)").utf8)
        let descriptor = (raw.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        try #require(descriptor >= 0)
        _ = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        try fixture.commit("a Latin-1 file name")

        let check = try runDynatype(["check", "--base", "HEAD"], in: fixture.url)
        #expect(check.status == 0, "\(check.stderr)")
        let audit = try runDynatype(["audit", "--format", "json"], in: fixture.url)
        #expect(audit.status == 1, "\(audit.stderr)")
        #expect(audit.stdout.contains("Caf\\\\xE9.swift"), "\(audit.stdout.prefix(600))")
        #expect(try runDynatype(["scan"], in: fixture.url).status == 0)
    }

    /// A commit title or author with terminal escape sequences or a
    /// bidirectional override is printed escaped, never raw, to a terminal.
    @Test func titlesAndAuthorsCannotDriveTheTerminal() throws {
        let fixture = try GitFixture()
        try fixture.write("A.swift", Snippets.view("A"))
        try fixture.commit("first")
        try fixture.write("A.swift", Snippets.fixedView)
        let evil = try fixture.commit("fix \u{1B}[2J\u{1B}]0;pwned\u{07} \u{202E}txt.exe", author: "Mallory\u{1B}[31m")
        #expect(try runDynatype(["scan"], in: fixture.url).status == 0)
        for arguments in [["log"], ["show", evil], ["blame", "A.swift"]] {
            let output = try runDynatype(arguments, in: fixture.url).stdout
            #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{07}" }, "\(arguments)")
        }
        #expect(try runDynatype(["log"], in: fixture.url).stdout.contains("\\u{1B}[2J"))
    }
}

/// Metrics and report files written through a symbolic link keep the link.
@Suite struct AtomicFileTests {
    @Test func aLinkedOutputFileIsWrittenThroughItsLink() throws {
        let folder = try TemporaryDirectory()
        let target = try folder.write("textfile/dynatype.prom", "old\n")
        let link = folder.url.appendingPathComponent("metrics.prom")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "textfile/dynatype.prom")
        try AtomicFile.write(Data("new\n".utf8), to: link.path)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "textfile/dynatype.prom")
        #expect(try String(contentsOf: target, encoding: .utf8) == "new\n")
        try AtomicFile.write(Data("plain\n".utf8), to: folder.url.appendingPathComponent("plain.prom").path)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("plain.prom"), encoding: .utf8) == "plain\n")
    }
}
