import Foundation

/// Runs work items on a fixed pool of threads with large stacks: the parser
/// and syntax visitors recurse with the nesting of the code, which the default
/// worker stack size does not always survive on generated files. The threads
/// are made once (making a thread with a large stack costs milliseconds).
public enum ParallelWork {
    public static var defaultThreadCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
    static let stackBytes = 64 << 20

    /// Calls `body` for every index in `0..<count`, on up to `threads`
    /// threads, and returns the results in index order.
    public static func map<T: Sendable>(count: Int, threads: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let state = SharedState<T>(count: count)
        let workers = max(1, min(threads, count))
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            WorkerPool.shared.submit {
                while let index = state.next() { state.store(body(index), at: index) }
                group.leave()
            }
        }
        group.wait()
        return state.results()
    }

    private final class SharedState<T>: @unchecked Sendable {
        private let lock = NSLock()
        private var nextIndex = 0
        private let count: Int
        private var slots: [T?]

        init(count: Int) {
            self.count = count
            slots = Array(repeating: nil, count: count)
        }

        func next() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard nextIndex < count else { return nil }
            nextIndex += 1
            return nextIndex - 1
        }

        func store(_ value: T, at index: Int) {
            lock.lock()
            slots[index] = value
            lock.unlock()
        }

        func results() -> [T] { slots.map { $0! } }
    }
}

/// Long-lived threads with large stacks that run submitted jobs. The pool
/// grows when every thread is busy, so a job never waits behind a long one
/// (prefetch workers run for a whole scan while audits use parallel maps).
final class WorkerPool: @unchecked Sendable {
    static let shared = WorkerPool()

    private let condition = NSCondition()
    private var jobs: [@Sendable () -> AfterJob] = []
    private var idle = 0

    /// What a thread does once its job ends.
    enum AfterJob {
        case keepThread
        /// The thread was altered by its job (see `CPUBudget`) and ends.
        case retireThread
    }

    func submit(_ job: @escaping @Sendable () -> Void) {
        submitRetiring {
            job()
            return .keepThread
        }
    }

    func submitRetiring(_ job: @escaping @Sendable () -> AfterJob) {
        condition.lock()
        jobs.append(job)
        if jobs.count > idle {
            startThread()
        } else {
            condition.signal()
        }
        condition.unlock()
    }

    /// Called with the lock held.
    private func startThread() {
        let thread = Thread { [unowned self] in self.work() }
        thread.stackSize = ParallelWork.stackBytes
        thread.start()
    }

    private func work() {
        while true {
            condition.lock()
            idle += 1
            while jobs.isEmpty { condition.wait() }
            idle -= 1
            let job = jobs.removeFirst()
            condition.unlock()
            if job() == .retireThread { return }
        }
    }
}
