import Foundation
import SepiaOperations

/// A thread-safe in-memory cache that keeps the most recently used values within a total cost
/// and, optionally, a count.
///
/// Each value has a cost chosen by the caller, typically its size in bytes. When an insertion
/// takes the total cost over `costLimit` or the count over `countLimit`, the least recently
/// used values are evicted until both fit again. Reading a value marks it as recently used.
/// A value whose cost alone is over `costLimit` is not stored. Every operation is O(1)
/// (amortized, apart from evictions, which are O(1) each).
public final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let entries = Locked(RecencyList<Key, Value>())

    /// The most the costs of all stored values may add up to.
    public let costLimit: Int
    /// The most values the cache holds.
    public let countLimit: Int

    /// Makes an empty cache.
    /// - Parameters:
    ///   - costLimit: the most the costs of all values may add up to; zero or more.
    ///   - countLimit: the most values the cache holds; unlimited by default.
    public init(costLimit: Int, countLimit: Int = .max) {
        precondition(costLimit >= 0, "A cost limit cannot be negative")
        precondition(countLimit >= 0, "A count limit cannot be negative")
        self.costLimit = costLimit
        self.countLimit = countLimit
    }

    /// The value stored for `key`, which becomes the most recently used; nil if there is none.
    public func value(forKey key: Key) -> Value? {
        entries.withLock { $0.value(forKey: key) }
    }

    /// Stores `value` for `key` as the most recently used value, replacing (and re-costing) any
    /// value already there, then evicts the least recently used values until the cache is within
    /// its limits. A value whose `cost` is over `costLimit` is not stored, and any older value
    /// for `key` is removed, so the cache never returns a stale one.
    /// - Parameter cost: what the value counts against `costLimit`, such as its size in bytes; zero or more.
    public func insert(_ value: Value, forKey key: Key, cost: Int) {
        precondition(cost >= 0, "A cost cannot be negative")
        entries.withLock { entries in
            guard cost <= costLimit, countLimit > 0 else {
                entries.removeValue(forKey: key)
                return
            }
            entries.set(value, forKey: key, cost: cost)
            while entries.totalCost > costLimit || entries.count > countLimit {
                entries.removeOldest()
            }
        }
    }

    /// Removes the value for `key`, if any.
    public func removeValue(forKey key: Key) {
        entries.withLock { $0.removeValue(forKey: key) }
    }

    /// Removes every value.
    public func removeAll() {
        entries.withLock { $0.removeAll() }
    }

    /// The sum of the costs of the stored values.
    public var totalCost: Int {
        entries.withLock { $0.totalCost }
    }

    /// The number of stored values.
    public var count: Int {
        entries.withLock { $0.count }
    }
}
