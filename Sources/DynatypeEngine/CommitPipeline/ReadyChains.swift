/// The chains ready to run, ordered by their next request: earliest batch
/// first, then the larger blob. A binary heap, so a worker picks the next
/// chain in O(log n): a commit that adds 20,000 files queues 20,000 chains,
/// and a scan over all of them for every pick made that commit quadratic.
struct ReadyChains<Chain: AnyObject> {
    private struct Entry {
        let batch: Int
        let bytes: Int
        /// Ties keep submission order, so the pick is deterministic.
        let sequence: Int
        let file: String
        let chain: Chain

        func precedes(_ other: Entry) -> Bool {
            (batch, -bytes, sequence) < (other.batch, -other.bytes, other.sequence)
        }
    }

    private var heap: [Entry] = []
    private var sequence = 0

    var count: Int { heap.count }

    mutating func removeAll() { heap.removeAll() }

    mutating func insert(file: String, chain: Chain, batch: Int, bytes: Int) {
        sequence += 1
        heap.append(Entry(batch: batch, bytes: bytes, sequence: sequence, file: file, chain: chain))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popFirst() -> (file: String, chain: Chain)? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
            if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
            guard smallest != parent else { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return (first.file, first.chain)
    }
}
