@testable import DynatypeHistory
import DynatypeRules
import Foundation
import Testing

/// What every history store does, run on SQLite and on a real PostgreSQL
/// server: records read back as saved, one transaction per commit, the
/// outbox's order, schema versions, repository identity and ownership.
@Suite struct HistoryStoreConformanceTests {
    static func record(_ sha: String, parent: String? = nil, errors: Int = 0, title: String = "a commit") -> CommitRecord {
        var summary = AuditSummary()
        summary.filesAudited = 3
        summary.filesFailing = errors > 0 ? 1 : 0
        summary.textElements = 10
        summary.textElementsPassing = 10 - errors
        summary.errors = errors
        summary.findingsByRule = errors > 0 ? ["fixed_font_size": errors] : [:]
        var record = CommitRecord(
            sha: sha, parent: parent, base: parent, status: .audited, isBaseline: parent == nil, authorName: "Ana", authorEmail: "ana@example.com",
            committedAt: Date(timeIntervalSince1970: 1_700_000_000), title: title, configurationHash: nil, summary: summary,
            introduced: errors, fixed: 0, durationSeconds: 0.125, auditedAt: Date(timeIntervalSince1970: 1_700_000_100)
        )
        record.introducedErrors = errors
        return record
    }

    static func sha(_ character: Character) -> String { String(repeating: character, count: 40) }

    static func change(_ kind: FindingChange.Kind, _ fingerprint: String, path: String = "App/A.swift") -> FindingChange {
        FindingChange(
            kind: kind, fingerprint: fingerprint, rule: "fixed_font_size", severity: .error, path: path, line: 7, column: 12,
            message: "fixed size", fix: "use .body", current: ".system(size: 12)", fromPath: kind == .moved ? "App/Old.swift" : nil,
            fromFingerprint: kind == .moved ? "f0" : nil
        )
    }

    static func alerts(_ keys: [String], sinks: [String]) -> CommitNotifications {
        var notifications = CommitNotifications()
        notifications.sinks = sinks
        notifications.alerts = keys.map {
            OutboxAlert(
                key: $0, kind: OutboxAlert.Kind(rawValue: String($0.prefix { $0 != ":" })) ?? .resolved, ref: "refs/heads/main",
                payload: Data("{\"id\":\"\($0)\"}".utf8)
            )
        }
        return notifications
    }

    @Test(arguments: StoreEngine.allCases)
    func aCommitReadsBackAsSavedWithEverythingSavedWithIt(engine: StoreEngine) throws {
        let folder = try TemporaryDirectory()
        let store = try engine.emptyDatabase(in: folder).openForWriting(.test())
        let analysis = try BlobAnalysis(blob: Self.sha("b"), analyzer: "swift-1", result: .declined("binary content"))
        let first = Self.record(Self.sha("1"))
        try store.save(first, configuration: nil, changes: [], renames: [], analyses: [analysis], tips: ["refs/heads/main": first.sha], notifications: .none)
        var second = Self.record(Self.sha("2"), parent: first.sha, errors: 1, title: "it's a \"quoted\" title ✓")
        second.configurationHash = "c2"
        second.configurationError = "bad key"
        second.policyChange = "disables fixed_text_height"
        second.unchecked = 7
        second.moved = 9
        second.filesNotAudited = 11
        second.notAudited = ["App/Garbled.swift": "over its CPU budget", "App/Blob.swift": "contains a NUL byte"]
        let configuration = StoredConfiguration(hash: "c2", body: "{\"disabled_rules\":[\"fixed_text_height\"]}")
        let changes = [Self.change(.introduced, "f1", path: "App/New.swift"), Self.change(.moved, "f2"), Self.change(.unchecked, "f3")]
        try store.save(
            second, configuration: configuration, changes: changes, renames: [PathRename(oldPath: "App/Old.swift", newPath: "App/New.swift")],
            analyses: [], tips: ["refs/heads/main": second.sha], notifications: .none
        )

        var expected = second
        expected.sequence = 2
        #expect(try store.commit(second.sha) == expected)
        #expect(try store.allCommits().map(\.sha) == [first.sha, second.sha])
        #expect(Set(try store.findingChanges(of: second.sha).map(\.fingerprint)) == ["f1", "f2", "f3"])
        #expect(try store.findingChanges(of: second.sha).first { $0.kind == .moved } == changes[1])
        #expect(try store.arrivals(of: "f1").map(\.commit) == [second.sha])
        #expect(try store.arrivals(of: "f2").map(\.change.fromFingerprint) == ["f0"])
        #expect(try store.arrivals(of: "f3").isEmpty)
        #expect(try store.configuration(hash: "c2") == configuration.body)
        #expect(try store.renames(to: "App/New.swift").map(\.rename.oldPath) == ["App/Old.swift"])
        #expect(try store.trackedRefs() == ["refs/heads/main": second.sha])
        guard case .declined(let reason) = try store.analysis(blob: Self.sha("b"), analyzer: "swift-1") else {
            Issue.record("the blob analysis is missing")
            return
        }
        #expect(reason == "binary content")
        let statistics = try store.statistics()
        #expect(statistics.commits == 2 && statistics.failedCommits == 0 && statistics.blobs == 1 && statistics.databaseBytes > 0)
    }

    /// Each step of the schema is written once per engine: after all of
    /// them, both engines have the same tables with the same columns.
    @Test func bothEnginesReachTheSameSchema() throws {
        let folder = try TemporaryDirectory()
        let columns = try StoreEngine.allCases.map { engine in
            try engine.emptyDatabase(in: folder).openForWriting(.test()).columnsForTest()
        }
        #expect(columns[0].count > 40)
        #expect(columns[0] == columns[1], "only in SQLite: \(columns[0].subtracting(columns[1]).sorted()); only in PostgreSQL: \(columns[1].subtracting(columns[0]).sorted())")
    }

    /// Each schema step is recorded by name as it runs: the database says
    /// what it went through, not only the number it reached.
    @Test(arguments: StoreEngine.allCases)
    func theSchemaStepsAreRecordedByNameAsTheyRun(engine: StoreEngine) throws {
        let folder = try TemporaryDirectory()
        let recorded = try engine.emptyDatabase(in: folder).openForWriting(.test()).migrationsForTest()
        let expected = Dictionary(uniqueKeysWithValues: HistorySchema.steps.enumerated().map { ("migration.\($0.offset + 1)", $0.element.name) })
        #expect(recorded == expected)
        #expect(Set(HistorySchema.steps.map(\.name)).count == HistorySchema.steps.count)
    }

    /// Every column holds a value no other column holds, so columns written
    /// or read in each other's places cannot read back as saved.
    @Test(arguments: StoreEngine.allCases)
    func aRecordWithADistinctValueInEveryColumnReadsBackAsSaved(engine: StoreEngine) throws {
        let folder = try TemporaryDirectory()
        let store = try engine.emptyDatabase(in: folder).openForWriting(.test())
        var summary = AuditSummary()
        (summary.filesAudited, summary.filesFailing, summary.textElements, summary.textElementsPassing) = (101, 102, 203, 104)
        (summary.errors, summary.warnings, summary.notes) = (105, 106, 107)
        summary.findingsByRule = ["fixed_font_size": 118, "unset_font": 119]
        var record = CommitRecord(
            sha: Self.sha("d"), parent: Self.sha("e"), base: Self.sha("f"), status: .audited, isBaseline: false,
            authorName: "Ana Lima", authorEmail: "ana@example.com", committedAt: Date(timeIntervalSince1970: 1_700_000_120),
            title: "distinct", configurationHash: "c9", summary: summary, introduced: 108, fixed: 109, durationSeconds: 1.15,
            auditedAt: Date(timeIntervalSince1970: 1_700_000_121)
        )
        (record.introducedErrors, record.filesNewlyFailing, record.unchecked, record.moved, record.filesNotAudited) = (110, 111, 112, 113, 114)
        record.configurationError = "error text"
        record.policyChange = "policy text"
        record.notAudited = ["App/Garbled.swift": "reason text"]
        let change = FindingChange(
            kind: .moved, fingerprint: "fp1", rule: "unset_font", severity: .warning, path: "App/To.swift", line: 116, column: 117,
            message: "message text", fix: "fix text", current: "current text", fromPath: "App/From.swift", fromFingerprint: "fp0"
        )
        try store.save(
            record, configuration: StoredConfiguration(hash: "c9", body: "{}"), changes: [change], renames: [], analyses: [],
            tips: ["refs/heads/main": record.sha], notifications: .none
        )
        var expected = record
        expected.sequence = 1
        #expect(try store.commit(record.sha) == expected)
        #expect(try store.findingChanges(of: record.sha) == [change])
    }

    /// A limited scan begins at a baseline whose parent was not audited: the
    /// next scan's walk stops at that parent.
    @Test(arguments: StoreEngine.allCases)
    func theParentsOfBaselinesAreWhereLimitedScansBegan(engine: StoreEngine) throws {
        let folder = try TemporaryDirectory()
        let store = try engine.emptyDatabase(in: folder).openForWriting(.test())
        var limited = Self.record(Self.sha("5"), parent: Self.sha("4"))
        limited.isBaseline = true
        for record in [Self.record(Self.sha("1")), Self.record(Self.sha("2"), parent: Self.sha("1")), limited] {
            try store.save(record, configuration: nil, changes: [], renames: [], analyses: [], tips: [:], notifications: .none)
        }
        #expect(try store.baselineParents() == [Self.sha("4")])
    }

    /// A database of the schema before gains the index on baselines when a
    /// writer opens it, and keeps its commits.
    @Test(arguments: StoreEngine.allCases)
    func aDatabaseOfTheSchemaBeforeIsMigratedKeepingItsCommits(engine: StoreEngine) throws {
        let folder = try TemporaryDirectory()
        let database = try engine.emptyDatabase(in: folder)
        let before = HistorySchema.latestVersion - 1
        // The database as the dynatype before wrote it: a commit, its finding change, an alert owed to a sink, an open regression.
        do {
            let connection: any SQLConnection
            switch database {
            case .sqlite(let path): connection = try SQLiteDatabase(path: path)
            case .postgresql(let address): connection = try PostgreSQLConnection(address)
            }
            var migrator = SchemaMigrator(connection: connection, name: "\(database)")
            migrator.target = before
            try migrator.migrate(readOnly: false)
            let repository = connection.dialect == .postgresql ? "(SELECT id FROM repositories)" : "1"
            if connection.dialect == .postgresql {
                try connection.execute("INSERT INTO repositories (name, root_commit, created_at) VALUES ('app', '\(String(repeating: "a", count: 40))', 0)")
            }
            let sha = Self.sha("5")
            try connection.execute("""
                INSERT INTO commits (repository_id, sha, seq, parent, base, status, baseline, author_name, author_email, committed_at, title,
                    files_audited, files_failing, text_elements, text_elements_passing, errors, warnings, notes, findings_by_rule,
                    introduced, fixed, introduced_errors, files_newly_failing, duration_seconds, audited_at)
                VALUES (\(repository), '\(sha)', 1, '\(Self.sha("4"))', NULL, 'audited', 1, 'A', 'a@x', 0, 't', 1, 1, 1, 0, 1, 0, 0, '{}', 1, 0, 1, 0, 0.5, 0);
                INSERT INTO finding_changes (repository_id, sha, change, fingerprint, rule, severity, path, line, col, message, fix, current)
                VALUES (\(repository), '\(sha)', 'introduced', 'f1', 'fixed_font_size', 'error', 'A.swift', 7, 12, 'm', 'f', 'c');
                INSERT INTO alerts (repository_id, key, sha, kind, ref, payload, created_at) VALUES (\(repository), 'regression:5', '\(sha)', 'regression', 'refs/heads/main', '{}', 0);
                INSERT INTO alert_deliveries (alert_id, sink, next_attempt_at) VALUES ((SELECT id FROM alerts), 'jsonl', 0);
                INSERT INTO open_regressions (repository_id, sha, ref, findings, failing_paths, ratio_before)
                VALUES (\(repository), '\(sha)', 'refs/heads/main', '[{"fingerprint":"f1","path":"A.swift"}]', '[]', 1);
                """)
        }
        let store = try database.openForWriting(.test())
        #expect(try store.baselineParents() == [Self.sha("4")])
        #expect(try store.findingChanges(of: Self.sha("5")).map(\.fingerprint) == ["f1"])
        #expect(try store.commit(Self.sha("5")).map { ($0.filesNotAudited, $0.notAudited) } ?? (-1, ["": ""]) == (0, [:]))
        #expect(try store.outboxStatus(sinks: ["jsonl"]).pending == ["jsonl": 1])
        #expect(try store.openRegressions(ref: "refs/heads/main").first?.findings.first?.rule == nil)
        #expect(try store.openRegressionCount() == 1)
        // The new kinds are allowed now.
        var moved = Self.record(Self.sha("6"), parent: Self.sha("5"))
        moved.moved = 1
        try store.save(
            moved, configuration: StoredConfiguration(hash: "c", body: "{}"), changes: [Self.change(.moved, "f2")], renames: [], analyses: [],
            tips: [:], notifications: Self.alerts(["policy_weakened:6"], sinks: ["jsonl"])
        )
        #expect(try store.commit(Self.sha("6"))?.moved == 1)
        #expect(try store.outboxStatus(sinks: ["jsonl"]).alertsByKind[.policyWeakened] == 1)
    }

    /// A damaged cached analysis is a miss, and the analysis saved again replaces it.
    @Test(arguments: StoreEngine.allCases)
    func aDamagedCachedAnalysisIsAMissAndIsReplaced(engine: StoreEngine) throws {
        let folder = try TemporaryDirectory()
        let store = try engine.emptyDatabase(in: folder).openForWriting(.test())
        let analysis = try BlobAnalysis(blob: Self.sha("b"), analyzer: "swift-1", result: .analyzed(FileAnalysis(language: .swift)))
        try store.save(Self.record(Self.sha("1")), configuration: nil, changes: [], renames: [], analyses: [analysis], tips: [:], notifications: .none)
        try store.executeForTest(engine == .sqlite ? "UPDATE file_analyses SET payload = X'7B7B'" : "UPDATE file_analyses SET payload = '\\x7b7b'::bytea")
        #expect(try store.analysis(blob: Self.sha("b"), analyzer: "swift-1") == nil)
        try store.save(Self.record(Self.sha("2"), parent: Self.sha("1")), configuration: nil, changes: [], renames: [], analyses: [analysis], tips: [:], notifications: .none)
        guard case .analyzed? = try store.analysis(blob: Self.sha("b"), analyzer: "swift-1") else {
            Issue.record("the damaged analysis was not replaced")
            return
        }
    }

    /// A transaction run again after a lost connection may find its first
    /// run committed: saving a commit twice records it once.
    @Test(arguments: StoreEngine.allCases)
    func savingACommitAgainRecordsItOnce(engine: StoreEngine) throws {
        let folder = try TemporaryDirectory()
        let store = try engine.emptyDatabase(in: folder).openForWriting(.test())
        let record = Self.record(Self.sha("1"), errors: 1)
        for _ in 0..<2 {
            try store.save(record, configuration: nil, changes: [Self.change(.introduced, "f1")], renames: [], analyses: [], tips: [:], notifications: Self.alerts(["regression:1"], sinks: ["jsonl"]))
        }
        #expect(try store.allCommits().count == 1)
        #expect(try store.findingChanges(of: record.sha).count == 1)
        #expect(try store.outboxStatus(sinks: ["jsonl"]).pending == ["jsonl": 1])
    }

    @Test(arguments: StoreEngine.allCases)
    func attemptsCountUntilTheCommitIsSaved(engine: StoreEngine) throws {
        let folder = try TemporaryDirectory()
        let store = try engine.emptyDatabase(in: folder).openForWriting(.test())
        #expect(try store.beginAttempt(Self.sha("1")) == 1)
        #expect(try store.beginAttempt(Self.sha("1")) == 2)
        try store.save(Self.record(Self.sha("1")), configuration: nil, changes: [], renames: [], analyses: [], tips: [:], notifications: .none)
        #expect(try store.beginAttempt(Self.sha("1")) == 1)
    }

    @Test(arguments: StoreEngine.allCases)
    func aDeliveryWaitingForItsRetryHoldsBackTheLaterAlertsOfItsSinkOnly(engine: StoreEngine) throws {
        let folder = try TemporaryDirectory()
        let store = try engine.emptyDatabase(in: folder).openForWriting(.test())
        try store.save(
            Self.record(Self.sha("1")), configuration: nil, changes: [], renames: [], analyses: [], tips: [:],
            notifications: Self.alerts(["regression:a", "resolved:a"], sinks: ["jsonl", "webhook:ops"])
        )
        let failed = try store.deliverNext(sink: "webhook:ops") { delivery in
            #expect(delivery.key == "regression:a")
            return .failed(error: "connection reset", retryAt: Date().addingTimeInterval(60))
        }
        guard case .failed(let error, _) = failed else {
            Issue.record("the failure was not recorded: \(String(describing: failed))")
            return
        }
        #expect(error == "connection reset")
        #expect(try store.deliverNext(sink: "webhook:ops") { _ in .delivered } == nil, "the resolution would overtake its regression")
        let next = try #require(try store.nextDeliveryTime(sink: "webhook:ops"))
        #expect(abs(next.timeIntervalSinceNow - 60) < 5)
        var delivered: [String] = []
        while try store.deliverNext(sink: "jsonl", { delivered.append($0.key); return .delivered }) != nil {}
        #expect(delivered == ["regression:a", "resolved:a"])
        let status = try store.outboxStatus(sinks: ["jsonl", "webhook:ops"])
        #expect(status.pending == ["webhook:ops": 2])
        #expect(status.failing["webhook:ops"]?.error == "connection reset")
        #expect(status.alertsByKind == [.regression: 1, .resolved: 1])
        #expect(try store.deliverNext(sink: "webhook:ops", now: next.addingTimeInterval(1)) { _ in .abandoned } == .abandoned)
        #expect(try store.outboxStatus(sinks: ["webhook:ops"]).failing["webhook:ops"]?.attempts == 1, "an abandoned delivery is no attempt")
    }

    @Test(arguments: StoreEngine.allCases)
    func regressionsStayOpenUntilResolved(engine: StoreEngine) throws {
        let folder = try TemporaryDirectory()
        let store = try engine.emptyDatabase(in: folder).openForWriting(.test())
        var opening = CommitNotifications()
        let regression = OpenRegression(
            sha: Self.sha("1"), ref: "refs/heads/main", findings: [.init(fingerprint: "f1", path: "App/A.swift", rule: "fixed_font_size")], failingPaths: ["App/A.swift"], ratioBefore: 0.9
        )
        opening.opened = [regression]
        try store.save(Self.record(Self.sha("1"), errors: 1), configuration: nil, changes: [], renames: [], analyses: [], tips: [:], notifications: opening)
        #expect(try store.openRegressions(ref: "refs/heads/main") == [regression])
        #expect(try store.openRegressionCount() == 1)
        var resolving = CommitNotifications()
        resolving.resolved = [regression.sha]
        try store.save(Self.record(Self.sha("2"), parent: Self.sha("1")), configuration: nil, changes: [], renames: [], analyses: [], tips: [:], notifications: resolving)
        #expect(try store.openRegressions(ref: "refs/heads/main").isEmpty)
    }

    /// Two scans of one history store the same bytes: JSON columns are
    /// written with sorted keys, whatever order the encoder's dictionary
    /// happens to take in a process.
    @Test func anOpenRegressionsFindingsAreStoredWithSortedKeys() throws {
        let folder = try TemporaryDirectory()
        let database = try StoreEngine.sqlite.emptyDatabase(in: folder)
        let store = try database.openForWriting(.test())
        var opening = CommitNotifications()
        opening.opened = [OpenRegression(
            sha: Self.sha("1"), ref: "refs/heads/main", findings: [.init(fingerprint: "f1", path: "A.swift", rule: "fixed_font_size")],
            failingPaths: ["A.swift"], ratioBefore: 0.9
        )]
        try store.save(Self.record(Self.sha("1"), errors: 1), configuration: nil, changes: [], renames: [], analyses: [], tips: [:], notifications: opening)
        guard case .sqlite(let path) = database else { return }
        let stored = try SQLiteDatabase(path: path).query("SELECT findings FROM open_regressions", []) { try $0.text("findings") }
        #expect(stored == [#"[{"fingerprint":"f1","path":"A.swift","rule":"fixed_font_size"}]"#])
    }

    @Test(arguments: StoreEngine.allCases)
    func aDatabaseFromANewerDynatypeIsRefused(engine: StoreEngine) throws {
        let folder = try TemporaryDirectory()
        let database = try engine.emptyDatabase(in: folder)
        try database.openForWriting(.test()).executeForTest("UPDATE dynatype_meta SET value = '99' WHERE key = 'schema_version'")
        #expect {
            try database.openForWriting(.test())
        } throws: { error in
            "\(error)".contains("was written by a newer dynatype (history schema 99; this one understands up to \(HistorySchema.latestVersion))")
        }
    }

    @Test(arguments: StoreEngine.allCases)
    func aRepositoryOfTheSameNameWithAnotherRootCommitIsRefused(engine: StoreEngine) throws {
        let folder = try TemporaryDirectory()
        let database = try engine.emptyDatabase(in: folder)
        _ = try database.openForWriting(.test("app", root: Self.sha("a")))
        #expect {
            try database.openForReading(.test("app", root: Self.sha("b")))
        } throws: { error in
            "\(error)".contains("holds the history of the repository \"app\" (root commit aaaaaaaaaa), and this repository's root commit is bbbbbbbbbb")
        }
    }

    @Test(arguments: StoreEngine.allCases)
    func aCloneUnderAnotherFolderNameIsTheSameRepository(engine: StoreEngine) throws {
        let folder = try TemporaryDirectory()
        let database = try engine.emptyDatabase(in: folder)
        let original = try database.openForWriting(.test("app", root: Self.sha("a")))
        try original.save(Self.record(Self.sha("1")), configuration: nil, changes: [], renames: [], analyses: [], tips: [:], notifications: .none)
        let clone = try database.openForReading(.test("app-copy", root: Self.sha("a"), explicit: false))
        #expect(try clone.allCommits().map(\.sha) == [Self.sha("1")])
    }

    @Test(arguments: StoreEngine.allCases)
    func aSecondRecorderOfTheSameRepositoryIsRefusedNamingTheFirst(engine: StoreEngine) throws {
        let folder = try TemporaryDirectory()
        let database = try engine.emptyDatabase(in: folder)
        var first: SQLHistoryStore? = try database.openForWriting(.test())
        #expect {
            try database.openForWriting(.test())
        } throws: { error in
            let text = "\(error)"
            return text.contains("is in use by another dynatype") && text.contains("pid \(getpid())")
        }
        #expect(try database.openForReading(.test()).allCommits().isEmpty, "readers are not refused")
        withExtendedLifetime(first) {}
        first = nil
        _ = try database.openForWriting(.test())
    }

    @Test(arguments: StoreEngine.allCases)
    func theFleetListsEveryRepository(engine: StoreEngine) throws {
        let folder = try TemporaryDirectory()
        let database = try engine.emptyDatabase(in: folder)
        let app = try database.openForWriting(.test("app", root: Self.sha("a")))
        try app.save(Self.record(Self.sha("1")), configuration: nil, changes: [], renames: [], analyses: [], tips: [:], notifications: .none)
        let names = try database.openFleet().repositories().map(\.identity.name)
        #expect(names == ["app"])
        #expect(try database.openFleet().repositories().first?.store.allCommits().count == 1)
    }
}

/// What only a history shared by many repositories and hosts does.
@Suite struct PostgreSQLStoreTests {
    @Test func repositoriesShareOneDatabaseAndItsBlobCache() throws {
        let database = HistoryDatabase.postgresql(try PostgresServer.shared.createDatabase())
        let app = try database.openForWriting(.test("app", root: HistoryStoreConformanceTests.sha("a")))
        let fork = try database.openForWriting(.test("app-fork", root: HistoryStoreConformanceTests.sha("a")))
        let other = try database.openForWriting(.test("other", root: HistoryStoreConformanceTests.sha("c")))
        let analysis = try BlobAnalysis(blob: HistoryStoreConformanceTests.sha("b"), analyzer: "swift-1", result: .declined("binary"))
        try app.save(HistoryStoreConformanceTests.record(HistoryStoreConformanceTests.sha("1")), configuration: nil, changes: [], renames: [], analyses: [analysis], tips: [:], notifications: .none)
        #expect(try fork.analysis(blob: analysis.blob, analyzer: "swift-1") != nil, "a fork reuses the blobs already analysed")
        #expect(try fork.allCommits().isEmpty && other.allCommits().isEmpty, "each repository's commits are its own")
        #expect(try database.openFleet().repositories().map(\.identity.name) == ["app", "app-fork", "other"])
    }

    /// Two daemons delivering one outbox: the oldest delivery is claimed
    /// while it is being made, and the other finds nothing to deliver (not
    /// even a later alert, which would overtake it).
    @Test func aDeliveryInProgressIsSkippedByAnotherProcess() throws {
        let database = HistoryDatabase.postgresql(try PostgresServer.shared.createDatabase())
        let owner = try database.openForWriting(.test())
        try owner.save(
            HistoryStoreConformanceTests.record(HistoryStoreConformanceTests.sha("1")), configuration: nil, changes: [], renames: [], analyses: [], tips: [:],
            notifications: HistoryStoreConformanceTests.alerts(["regression:a", "resolved:a"], sinks: ["jsonl"])
        )
        let one = try database.openForReading(.test()), two = try database.openForReading(.test())
        var seenByTwo: [DeliveryOutcome?] = []
        let first = try one.deliverNext(sink: "jsonl") { delivery in
            seenByTwo.append(try? two.deliverNext(sink: "jsonl") { _ in .delivered })
            return .delivered
        }
        #expect(first == .delivered)
        #expect(seenByTwo == [nil])
        var keys: [String] = []
        #expect(try two.deliverNext(sink: "jsonl") { keys.append($0.key); return .delivered } == .delivered)
        #expect(keys == ["resolved:a"])
    }

    /// The server ends the session (as a restart or a network failure
    /// would): the store reconnects, takes its ownership again, and goes on.
    @Test func aLostConnectionIsReestablishedWithTheOwnershipRetaken() throws {
        let address = try PostgresServer.shared.createDatabase()
        let database = HistoryDatabase.postgresql(address)
        let owner = try database.openForWriting(.test())
        let admin = try PostgreSQLConnection(address)
        try admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
        try owner.save(HistoryStoreConformanceTests.record(HistoryStoreConformanceTests.sha("1")), configuration: nil, changes: [], renames: [], analyses: [], tips: [:], notifications: .none)
        #expect(try owner.allCommits().count == 1)
        #expect {
            try database.openForWriting(.test())
        } throws: { "\($0)".contains("is in use by another dynatype") }
    }

    @Test func aPasswordNeverShowsInTheDatabaseName() {
        let address = PostgreSQLAddress(url: "postgresql://ana:s3cret@db.example.com:5432/fleet?sslmode=require&password=other")
        #expect(address.description == "postgresql://ana:***@db.example.com:5432/fleet?sslmode=require&password=***")
        #expect(!"\(HistoryError.locked(path: address.description, holder: "x"))".contains("s3cret"))
    }
}
