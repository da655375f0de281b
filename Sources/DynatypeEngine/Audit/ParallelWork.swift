import Foundation

/// Runs work items on a fixed number of threads with large stacks: the parser
/// and syntax visitors recurse with the nesting of the code, which the default
/// worker stack size does not always survive on generated files.
public enum ParallelWork {
    public static var defaultThreadCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
    static let stackBytes = 64 << 20

    /// Calls `body` for every index in `0..<count`, on `threads` threads, and
    /// returns the results in index order.
    public static func map<T: Sendable>(count: Int, threads: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        let state = SharedState<T>(count: count)
        let workers = max(1, min(threads, count))
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            let thread = Thread {
                while let index = state.next() { state.store(body(index), at: index) }
                group.leave()
            }
            thread.stackSize = stackBytes
            thread.start()
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
