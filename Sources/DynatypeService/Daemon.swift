import DynatypeEngine
import DynatypeGit
import DynatypeHistory
import Foundation

/// `dynatype watch`: keeps the configured repositories audited. inotify
/// marks a repository dirty; after a short debounce its refs are compared
/// with the history (the source of truth) and new commits are audited in
/// order. A slow periodic check backs inotify up. SIGHUP reloads the
/// configuration, SIGTERM finishes the current commit, abandons the alert
/// deliveries in flight (waiting for them a few seconds at most) and exits.
public final class Daemon {
    private var configuration: DaemonConfiguration
    private let environment: [String: String]
    private let systemd: any ServiceManagerNotifier
    /// Pets the watchdog while the daemon proves it works (nil outside systemd's watchdog).
    private let watchdog: WatchdogPinger?
    private var repositories: [WatchedRepository] = []
    /// Repositories whose shared history another daemon records: this one
    /// takes over when that one stops or dies (the server then releases its lock).
    private var standingBy: [DaemonConfiguration.Repository] = []
    private var nextTakeOver = 0.0
    private var nextPoll: [String: Double] = [:]

    /// Polling interval for a repository inotify cannot fully see.
    private static let fastPollSeconds = 2.0
    /// How often a standby daemon tries to take a repository over.
    private static let takeOverSeconds = 1.0

    public init(configuration: DaemonConfiguration, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.configuration = configuration
        self.environment = environment
        let systemd = SystemdNotifier(environment: environment)
        self.systemd = systemd
        watchdog = systemd.watchdogInterval.map { WatchdogPinger(notifier: systemd, interval: $0) }
    }

    /// Opens every repository (a problem with any is a start-up error: the
    /// configuration names something that cannot be watched).
    public func start() throws {
        SignalRelay.install()
        repositories = try configuration.repositories.compactMap(openWaitingForTheDatabase)
    }

    /// Opens a repository, waiting with backoff while its PostgreSQL server
    /// cannot be reached (a host booting, a database restarting): systemd
    /// sees a service still starting, not a failed one. SIGTERM ends the wait.
    private func openWaitingForTheDatabase(_ settings: DaemonConfiguration.Repository) throws -> WatchedRepository? {
        var delay = Self.firstDatabaseRetrySeconds
        while true {
            do {
                return try openOrStandBy(settings)
            } catch let error as PostgreSQLError where error.connectionLost {
                guard !SignalRelay.stopRequested else { throw StoppedWhileStarting() }
                Journal.warning("\(settings.name): \(error); waiting for the history database, retrying in \(Int(delay)) s")
                systemd.status("\(settings.name): waiting for the history database (\(error))")
                systemd.extendStartTimeout(seconds: delay + Self.connectTimeoutSeconds)
                var descriptor = pollfd(fd: SignalRelay.descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, Int32(delay * 1000))
                delay = min(delay * 2, Self.lastDatabaseRetrySeconds)
            }
        }
    }

    static let firstDatabaseRetrySeconds = 1.0
    static let lastDatabaseRetrySeconds = 30.0
    /// libpq's `connect_timeout` of each attempt, plus a margin.
    private static let connectTimeoutSeconds = 15.0

    /// Opens a repository; nil when another daemon records its shared
    /// history (PostgreSQL), after which this one stands by.
    private func openOrStandBy(_ settings: DaemonConfiguration.Repository) throws -> WatchedRepository? {
        do {
            return try WatchedRepository(settings, environment: environment)
        } catch let error as HistoryError where settings.database?.allowsStandby == true {
            guard case .locked(let database, let holder) = error else { throw error }
            if !standingBy.contains(settings) {
                standingBy.append(settings)
                // Standing by is the intended state of a second daemon: no "stop it first".
                Journal.notice("\(settings.name): \(database) is recorded by another dynatype (\(holder)); standing by to take over when it stops")
            }
            return nil
        }
    }

    /// Tries to take over the repositories standing by.
    private func takeOver() {
        nextTakeOver = now + Self.takeOverSeconds
        for settings in standingBy {
            do {
                guard let repository = try openOrStandBy(settings) else { continue }
                standingBy.removeAll { $0 == settings }
                repositories.append(repository)
                Journal.info("\(settings.name): took the history over; watching \(settings.name)")
                check(repository, reason: "took over")
            } catch {
                Journal.error("\(settings.name): cannot be watched: \(error)")
            }
        }
    }

    private var now: Double { ProcessInfo.processInfo.systemUptime }

    /// Catches up, reports READY, and watches until SIGTERM/SIGINT. Returns the exit status.
    public func run() -> Int32 {
        watchdog?.start()
        systemd.extendStartTimeout(seconds: 600)
        for repository in repositories { check(repository, reason: "start-up") }
        for repository in repositories {
            repository.writeMetrics()
            repository.invalidateReport()
            repository.writeReportIfDue()
        }
        guard !SignalRelay.stopRequested else { return stop() }
        if CPUBudget.runawaysRunning > 0 { return restartForRunaways() }
        systemd.ready(status: status)
        if !repositories.isEmpty { Journal.info("watching \(repositories.map(\.name).joined(separator: ", "))") }
        nextTakeOver = now + Self.takeOverSeconds

        while true {
            var descriptors = [pollfd(fd: SignalRelay.descriptor, events: Int16(POLLIN), revents: 0)]
            descriptors += repositories.map { pollfd(fd: $0.watcher?.descriptor ?? -1, events: Int16(POLLIN), revents: 0) }
            descriptors += repositories.map { pollfd(fd: $0.outboxChanged.descriptor, events: Int16(POLLIN), revents: 0) }
            let timeout = max(0, min(nextWakeUp - now, 60))
            _ = poll(&descriptors, nfds_t(descriptors.count), Int32(timeout * 1000))

            for signal in SignalRelay.drain() {
                if signal == SIGHUP { reload() } else { return stop() }
            }
            for (index, repository) in repositories.enumerated() where descriptors[index + 1].revents != 0 {
                let events = repository.takeEvents()
                if events.overflowed {
                    repository.checkDeadline = now
                } else if events.refsMayHaveMoved, repository.checkDeadline == nil {
                    repository.checkDeadline = now + Double(configuration.debounceMilliseconds) / 1000
                }
            }
            for repository in repositories where repository.outboxChanged.drain() {
                repository.writeMetrics()
            }
            for repository in repositories {
                if let deadline = repository.checkDeadline, deadline <= now {
                    check(repository, reason: "refs changed")
                } else if nextPoll[repository.name, default: 0] <= now {
                    check(repository, reason: "periodic check")
                }
                if SignalRelay.stopRequested { return stop() }
                repository.writeReportIfDue()
            }
            if CPUBudget.runawaysRunning > 0 { return restartForRunaways() }
            if !standingBy.isEmpty, nextTakeOver <= now { takeOver() }
            watchdog?.turn()
        }
    }

    private var nextWakeUp: Double {
        var wakeUp = repositories.compactMap(\.checkDeadline).min() ?? .infinity
        wakeUp = min(wakeUp, nextPoll.values.min() ?? .infinity)
        wakeUp = min(wakeUp, repositories.compactMap(\.reportDue).min() ?? .infinity)
        if !standingBy.isEmpty { wakeUp = min(wakeUp, nextTakeOver) }
        if let interval = systemd.watchdogInterval { wakeUp = min(wakeUp, now + interval) }
        return wakeUp
    }

    /// Compares a repository's refs with its history and audits what is new.
    /// Errors are logged, never fatal: the next check tries again.
    private func check(_ repository: WatchedRepository, reason: String) {
        repository.checkDeadline = nil
        let interval = repository.needsFastPolling ? Self.fastPollSeconds : configuration.pollSeconds
        nextPoll[repository.name] = now + interval
        watchdog?.working(on: "\(repository.name): auditing new commits (\(reason))")
        defer { watchdog?.working(on: nil) }
        do {
            // A first start with a long backfill takes minutes: systemctl
            // status shows how far it is and when it will be done.
            let audited = try repository.catchUp { [systemd, watchdog] progress in
                watchdog?.turn()
                let record = progress.last.record
                systemd.status("\(repository.name): \(progress.summary) · audited \(record.sha.prefix(10)) (\(record.title))")
            }
            if audited > 0 {
                Journal.info("\(repository.name): audited \(audited) new commit\(audited == 1 ? "" : "s") (\(reason))")
                systemd.status(status)
            }
        } catch {
            Journal.error("\(repository.name): cannot audit new commits (\(reason)): \(error); retrying in \(Int(interval)) s")
        }
    }

    private var status: String {
        let standby = standingBy.isEmpty ? "" : " · standing by for " + standingBy.map(\.name).joined(separator: ", ")
        return "watching \(repositories.count) repositor\(repositories.count == 1 ? "y" : "ies") · "
            + repositories.map(\.statusLine).joined(separator: " · ") + standby
    }

    /// SIGHUP: reads the configuration again. A bad file changes nothing.
    private func reload() {
        systemd.reloading()
        Journal.info("reloading \(configuration.file)")
        defer { systemd.ready(status: status) }
        let updated: DaemonConfiguration
        do {
            updated = try DaemonConfiguration(file: configuration.file, environment: environment)
        } catch {
            Journal.error("the configuration was not reloaded: \(error)")
            return
        }
        var kept: [WatchedRepository] = []
        for repository in repositories {
            if updated.repositories.contains(repository.settings) {
                kept.append(repository)
            } else {
                repository.shutdown()
            }
        }
        // Repositories whose settings changed are opened again (after the old
        // object released the database lock).
        repositories = kept
        standingBy.removeAll { !updated.repositories.contains($0) }
        for settings in updated.repositories where !kept.contains(where: { $0.settings == settings }) && !standingBy.contains(settings) {
            do {
                guard let repository = try openOrStandBy(settings) else { continue }
                repositories.append(repository)
                check(repository, reason: "configuration reloaded")
            } catch {
                Journal.error("\(settings.name): cannot be watched: \(error)")
            }
        }
        configuration = updated
        nextPoll = nextPoll.filter { name, _ in repositories.contains { $0.name == name } }
        Journal.info("configuration reloaded: watching \(repositories.map(\.name).joined(separator: ", "))")
    }

    private func stop() -> Int32 {
        systemd.stopping()
        Journal.info("stopping")
        shutDown()
        return 0
    }

    /// `run`'s status when the daemon must be started again in place (see
    /// `restartForRunaways`); EX_TEMPFAIL, so that if the restart itself
    /// fails systemd's `Restart=on-failure` does it.
    public static let restartStatus: Int32 = 75

    /// A file over its CPU budget leaves its parse running on a thread no
    /// one can stop; those commits are recorded, so a fresh process (the
    /// same command, run again) takes the cores back and carries on.
    private func restartForRunaways() -> Int32 {
        let count = CPUBudget.runawaysRunning
        Journal.warning("a file over its CPU budget left \(count) parser thread\(count == 1 ? "" : "s") running; restarting to take the cores back")
        systemd.status("restarting: a file over its CPU budget left a parser running")
        shutDown()
        return Self.restartStatus
    }

    private func shutDown() {
        // Every repository's deliveries are abandoned at once, then waited
        // for together: the stop takes one grace period, not one per repository.
        for repository in repositories { repository.cancelDeliveries() }
        let deadline = Date().addingTimeInterval(AlertDispatcher.stopGrace)
        for repository in repositories { repository.shutdown(waitingUntil: deadline) }
        repositories.removeAll()
    }
}

/// SIGTERM or SIGINT arrived before the daemon was watching anything.
public struct StoppedWhileStarting: Error, CustomStringConvertible {
    public var description: String { "stopped while waiting for the history database" }
}
