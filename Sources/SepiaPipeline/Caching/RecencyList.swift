/// Key-value storage that remembers the order in which its entries were last used, with O(1)
/// lookup, insertion, removal and access to the least recently used entry.
///
/// Entries live in an array of nodes that link to each other by index, forming a doubly linked
/// list from the most to the least recently used; a dictionary maps keys to node indices, and the
/// slots of removed nodes are reused. Not thread-safe: `MemoryCache` guards it with a lock.
struct RecencyList<Key: Hashable, Value> {
    fileprivate struct Node {
        let key: Key
        var value: Value
        var cost: Int
        /// The index of the next more recently used node.
        var newer: Int?
        /// The index of the next less recently used node.
        var older: Int?
    }

    private var nodes: [Node?] = []
    private var freeSlots: [Int] = []
    private var slots: [Key: Int] = [:]
    private var newest: Int?
    private var oldest: Int?

    /// The sum of the costs of all entries.
    private(set) var totalCost = 0

    /// The number of entries.
    var count: Int { slots.count }

    /// The value for `key`, which becomes the most recently used entry.
    mutating func value(forKey key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        moveToNewest(slot)
        return nodes[slot]?.value
    }

    /// Stores `value` as the most recently used entry, replacing any value for `key`.
    mutating func set(_ value: Value, forKey key: Key, cost: Int) {
        if let slot = slots[key] {
            totalCost += cost - (nodes[slot]?.cost ?? 0)
            nodes[slot]?.value = value
            nodes[slot]?.cost = cost
            moveToNewest(slot)
            return
        }
        let node = Node(key: key, value: value, cost: cost, newer: nil, older: newest)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            nodes[free] = node
        } else {
            slot = nodes.count
            nodes.append(node)
        }
        if let newest {
            nodes[newest]?.newer = slot
        }
        newest = slot
        if oldest == nil {
            oldest = slot
        }
        slots[key] = slot
        totalCost += cost
    }

    /// Removes the entry for `key`, if there is one.
    mutating func removeValue(forKey key: Key) {
        if let slot = slots[key] {
            remove(slot)
        }
    }

    /// Removes the least recently used entry, if there is one.
    mutating func removeOldest() {
        if let oldest {
            remove(oldest)
        }
    }

    /// Removes every entry.
    mutating func removeAll() {
        self = RecencyList()
    }

    private mutating func remove(_ slot: Int) {
        guard let node = nodes[slot] else { return }
        unlink(slot)
        nodes[slot] = nil
        freeSlots.append(slot)
        slots[node.key] = nil
        totalCost -= node.cost
    }

    private mutating func moveToNewest(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        nodes[slot]?.older = newest
        nodes[slot]?.newer = nil
        if let newest {
            nodes[newest]?.newer = slot
        }
        newest = slot
    }

    /// Takes the node out of the list, joining its neighbours; the node keeps its stale links.
    private mutating func unlink(_ slot: Int) {
        let newer = nodes[slot]?.newer
        let older = nodes[slot]?.older
        if let newer {
            nodes[newer]?.older = older
        } else {
            newest = older
        }
        if let older {
            nodes[older]?.newer = newer
        } else {
            oldest = newer
        }
    }
}

extension RecencyList: Sendable where Key: Sendable, Value: Sendable {}
extension RecencyList.Node: Sendable where Key: Sendable, Value: Sendable {}
