import CLinuxThread
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Runs work that may never end on a pool thread and stops waiting for it
/// once that thread has spent its CPU budget.
///
/// The Swift parser's lookahead is exponential or cubic on some garbled
/// shapes (`[[(` or `@(` repeated, unbalanced subscripts, …); no test of the
/// bytes catches them all, and a parse cannot be interrupted in-process. So
/// the caller gives up instead: the thread it gave up on runs on at the
/// lowest priority until its work ends, and is then retired rather than
/// reused. The budget is the thread's CPU time, not the wall clock, so a
/// busy machine does not push an ordinary file over it.
public enum CPUBudget {
    /// How often the waiting caller reads the worker's CPU clock.
    private static let pollInterval = DispatchTimeInterval.milliseconds(20)

    private static let runaways = Atomic<Int>(0)

    /// Threads given up on that are still working: a long-running process
    /// (the daemon) restarts itself to take their cores back.
    public static var runawaysRunning: Int { runaways.load(ordering: .relaxed) }

    /// `body`'s value, or nil when it used more than `seconds` of CPU time.
    public static func run<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
        let run = BudgetedRun<T>()
        WorkerPool.shared.submitRetiring {
            run.start()
            guard run.finish(body()) else { return .keepThread }
            runaways.subtract(1, ordering: .relaxed)
            return .retireThread
        }
        while run.done.wait(timeout: .now() + pollInterval) == .timedOut {
            if let spent = run.cpuSeconds(), spent > seconds, run.abandon() {
                runaways.add(1, ordering: .relaxed)
                return nil
            }
        }
        return run.value
    }
}

/// One budgeted call: the worker's CPU clock and the value, under a lock
/// because the caller may give up while the worker finishes.
private final class BudgetedRun<T: Sendable>: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var clock: clockid_t?
    private var threadID: pid_t = 0
    private var abandoned = false
    private(set) var value: T?

    /// Called on the worker thread before the work.
    func start() {
        var id = clockid_t()
        let found = pthread_getcpuclockid(pthread_self(), &id) == 0
        lock.withLock {
            clock = found ? id : nil
            threadID = dynatype_current_thread_id()
        }
    }

    /// Stores the value; true when the caller gave up, so the (deprioritized)
    /// thread must not serve other work.
    func finish(_ result: T) -> Bool {
        lock.withLock {
            if abandoned { return true }
            value = result
            done.signal()
            return false
        }
    }

    func cpuSeconds() -> Double? {
        lock.withLock {
            guard let clock, !abandoned else { return nil }
            var time = timespec()
            guard clock_gettime(clock, &time) == 0 else { return nil }
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
    }

    /// Gives up unless the value arrived meanwhile; lowers the runaway
    /// thread's priority (refused under a strict seccomp filter, which only
    /// costs the machine more of a core).
    func abandon() -> Bool {
        lock.withLock {
            guard value == nil else { return false }
            abandoned = true
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(threadID), 19)
            return true
        }
    }
}
