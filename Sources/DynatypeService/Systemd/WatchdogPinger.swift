import DynatypeEngine
import Foundation

/// Pets systemd's watchdog from a thread of its own, as long as the daemon
/// proves it is working: its main loop turned recently, or the audit of a
/// long commit analyses files (a commit of 20,000 files takes longer than
/// the unit's WatchdogSec, and pinging only between commits got a healthy
/// daemon killed on it again and again). A daemon stuck in one place stops
/// pinging and is restarted. While a long audit runs, STATUS says how far it is.
final class WatchdogPinger: @unchecked Sendable {
    private let notifier: any ServiceManagerNotifier
    private let interval: Double
    private let lock = NSLock()
    private var lastTurn = ProcessInfo.processInfo.systemUptime
    private var task: String?

    init(notifier: any ServiceManagerNotifier, interval: Double) {
        self.notifier = notifier
        self.interval = interval
    }

    /// The main loop made progress (a turn, a commit audited).
    func turn() {
        lock.withLock { lastTurn = ProcessInfo.processInfo.systemUptime }
    }

    /// What the main loop is busy with, for STATUS while it takes long (nil: idle).
    func working(on task: String?) {
        lock.withLock {
            self.task = task
            lastTurn = ProcessInfo.processInfo.systemUptime
        }
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "dynatype watchdog"
        thread.start()
    }

    private func run() {
        var files = AnalysisProgress.filesAnalysed
        var filesAtTaskStart = files
        var lastTask: String?
        while true {
            Thread.sleep(forTimeInterval: interval)
            let now = ProcessInfo.processInfo.systemUptime
            let (turned, task) = lock.withLock { (now - lastTurn < 2 * interval, self.task) }
            let analysed = AnalysisProgress.filesAnalysed
            if task != lastTask { filesAtTaskStart = files }
            lastTask = task
            defer { files = analysed }
            guard turned || analysed != files else { continue }
            if !turned, let task {
                notifier.alive(status: "\(task): \(analysed - filesAtTaskStart) files analysed so far")
            } else {
                notifier.alive(status: nil)
            }
        }
    }
}
