import Foundation
import SepiaDemoContent
import SepiaImaging
import SepiaPipeline
import XCTest

/// LRU order, limits, replacement and thread safety of `MemoryCache`.
final class MemoryCacheTests: XCTestCase {
    func testStoresAndReturnsValues() {
        let cache = MemoryCache<String, Int>(costLimit: 10)
        XCTAssertNil(cache.value(forKey: "a"))
        cache.insert(1, forKey: "a", cost: 2)
        cache.insert(2, forKey: "b", cost: 3)
        XCTAssertEqual(cache.value(forKey: "a"), 1)
        XCTAssertEqual(cache.value(forKey: "b"), 2)
        XCTAssertEqual(cache.count, 2)
        XCTAssertEqual(cache.totalCost, 5)
    }

    func testEvictsTheLeastRecentlyUsedFirst() {
        let cache = MemoryCache<String, Int>(costLimit: 3)
        cache.insert(1, forKey: "a", cost: 1)
        cache.insert(2, forKey: "b", cost: 1)
        cache.insert(3, forKey: "c", cost: 1)
        XCTAssertEqual(cache.value(forKey: "a"), 1, "reading a makes b the least recently used")
        cache.insert(4, forKey: "d", cost: 1)
        XCTAssertNil(cache.value(forKey: "b"))
        XCTAssertEqual(cache.value(forKey: "a"), 1)
        XCTAssertEqual(cache.value(forKey: "c"), 3)
        XCTAssertEqual(cache.value(forKey: "d"), 4)
    }

    func testOneLargeInsertionEvictsAsManyAsNeeded() {
        let cache = MemoryCache<Int, String>(costLimit: 100)
        for key in 0..<10 {
            cache.insert("\(key)", forKey: key, cost: 10)
        }
        cache.insert("big", forKey: 99, cost: 75)
        XCTAssertEqual(cache.totalCost, 95)
        XCTAssertEqual(cache.count, 3)
        XCTAssertEqual((0..<10).filter { cache.value(forKey: $0) != nil }, [8, 9])
    }

    func testCountLimit() {
        let cache = MemoryCache<Int, Int>(costLimit: 1_000, countLimit: 2)
        cache.insert(0, forKey: 0, cost: 1)
        cache.insert(1, forKey: 1, cost: 1)
        cache.insert(2, forKey: 2, cost: 1)
        XCTAssertEqual(cache.count, 2)
        XCTAssertNil(cache.value(forKey: 0))
    }

    func testItemsLargerThanTheLimitAreNotStoredAndReplaceNothingStale() {
        let cache = MemoryCache<String, String>(costLimit: 10)
        cache.insert("small", forKey: "k", cost: 4)
        cache.insert("other", forKey: "o", cost: 4)
        cache.insert("huge", forKey: "k", cost: 11)
        XCTAssertNil(cache.value(forKey: "k"), "the old value would be stale")
        XCTAssertEqual(cache.value(forKey: "o"), "other", "nothing else is evicted for an item that is not stored")
        XCTAssertEqual(cache.totalCost, 4)
        cache.insert("exact", forKey: "e", cost: 10)
        XCTAssertEqual(cache.value(forKey: "e"), "exact", "an item of exactly the limit fits")
        XCTAssertEqual(cache.count, 1)
    }

    func testReplacingAValueUpdatesItsCostAndRecency() {
        let cache = MemoryCache<String, Int>(costLimit: 10)
        cache.insert(1, forKey: "a", cost: 5)
        cache.insert(2, forKey: "b", cost: 2)
        cache.insert(3, forKey: "a", cost: 3)
        XCTAssertEqual(cache.totalCost, 5)
        XCTAssertEqual(cache.count, 2)
        XCTAssertEqual(cache.value(forKey: "a"), 3)
        cache.insert(4, forKey: "b", cost: 1)
        cache.insert(5, forKey: "c", cost: 7)
        XCTAssertNil(cache.value(forKey: "a"), "replacing b made a the least recently used")
        XCTAssertEqual(cache.totalCost, 8)
    }

    func testRemoval() {
        let cache = MemoryCache<String, Int>(costLimit: 10)
        cache.insert(1, forKey: "a", cost: 3)
        cache.insert(2, forKey: "b", cost: 4)
        cache.removeValue(forKey: "a")
        cache.removeValue(forKey: "missing")
        XCTAssertNil(cache.value(forKey: "a"))
        XCTAssertEqual(cache.totalCost, 4)
        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.totalCost, 0)
        XCTAssertNil(cache.value(forKey: "b"))
        cache.insert(3, forKey: "c", cost: 10)
        XCTAssertEqual(cache.value(forKey: "c"), 3, "the cache works after removeAll")
    }

    func testZeroLimits() {
        let noCost = MemoryCache<Int, Int>(costLimit: 0)
        noCost.insert(1, forKey: 1, cost: 0)
        XCTAssertEqual(noCost.value(forKey: 1), 1, "a free item fits a zero cost limit")
        let noCount = MemoryCache<Int, Int>(costLimit: 10, countLimit: 0)
        noCount.insert(1, forKey: 1, cost: 0)
        XCTAssertEqual(noCount.count, 0)
    }

    /// Random operations against a simple list-based model: same values, evictions and totals.
    func testMatchesAReferenceModel() {
        var random = SplitMix64(seed: 42)
        let cache = MemoryCache<Int, Int>(costLimit: 50, countLimit: 12)
        var model: [(key: Int, value: Int, cost: Int)] = []  // most recently used first
        for step in 0..<20_000 {
            let key = Int(random.next() % 24)
            switch random.next() % 4 {
            case 0, 1:
                let cost = Int(random.next() % 12)
                cache.insert(step, forKey: key, cost: cost)
                model.removeAll { $0.key == key }
                model.insert((key, step, cost), at: 0)
                while model.map(\.cost).reduce(0, +) > 50 || model.count > 12 {
                    model.removeLast()
                }
            case 2:
                let expected = model.firstIndex { $0.key == key }.map { model.remove(at: $0) }
                if let expected {
                    model.insert(expected, at: 0)
                }
                XCTAssertEqual(cache.value(forKey: key), expected?.value, "step \(step)")
            default:
                cache.removeValue(forKey: key)
                model.removeAll { $0.key == key }
            }
            XCTAssertEqual(cache.count, model.count, "step \(step)")
            XCTAssertEqual(cache.totalCost, model.map(\.cost).reduce(0, +), "step \(step)")
        }
    }

    /// Many threads insert, read and remove at once; afterwards the totals match the contents.
    /// Run under `--sanitize=thread` as well.
    func testConcurrentUseKeepsTheCacheConsistent() {
        let keys = 0..<64
        let cache = MemoryCache<Int, Int>(costLimit: 200)
        let wrongValues = TallyCounter()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var random = SplitMix64(seed: UInt64(thread))
            for _ in 0..<20_000 {
                let key = Int(random.next() % UInt64(keys.count))
                switch random.next() % 8 {
                case 0: cache.removeValue(forKey: key)
                case 1...3: cache.insert(key % 16, forKey: key, cost: key % 16)
                default:
                    if let value = cache.value(forKey: key), value != key % 16 {
                        wrongValues.increment()
                    }
                }
            }
        }
        XCTAssertEqual(wrongValues.value, 0)
        let present = keys.compactMap { cache.value(forKey: $0) }
        XCTAssertEqual(cache.count, present.count)
        XCTAssertEqual(cache.totalCost, present.reduce(0, +), "each value is its own cost")
        XCTAssertLessThanOrEqual(cache.totalCost, 200)
    }
}
