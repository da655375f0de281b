/// A dictionary that forgets its oldest keys past a limit: the memos of a
/// history scan, where the versions read last are the ones read next.
/// Inlinable, so other modules' memos get code specialized to their keys.
public struct OldestOut<Key: Hashable, Value> {
    @usableFromInline var values: [Key: Value] = [:]
    @usableFromInline var order: [Key] = []
    public let limit: Int

    @inlinable public init(limit: Int) {
        self.limit = limit
    }

    @inlinable public subscript(key: Key) -> Value? { values[key] }

    @inlinable public mutating func set(_ value: Value, for key: Key) {
        guard values.updateValue(value, forKey: key) == nil else { return }
        order.append(key)
        // Evict in batches so the order list is not shifted on every insert.
        guard order.count > limit + limit / 8 else { return }
        let overflow = order.count - limit
        for evicted in order.prefix(overflow) { values[evicted] = nil }
        order.removeFirst(overflow)
    }
}
