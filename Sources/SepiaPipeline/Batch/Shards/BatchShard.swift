/// One task's share of a batch that several tasks run side by side (on Slurm, Kubernetes or
/// any batch engine): shard `index` of `count`, counted from 1 as Jest and Playwright count.
///
/// A row belongs to the shard that its output file's name picks: the name without its
/// extension is hashed (64-bit FNV-1a, then a 64-bit finalizer), and the hash is spread over
/// the shards by the high half of `hash × count`. The assignment therefore depends on the row
/// alone: not on the manifest's order, not on which other tasks run, not on the output format.
/// Every row belongs to exactly one of the `count` shards.
public struct BatchShard: Sendable, Hashable, CustomStringConvertible {
    /// The shard's number, from 1 to ``count``.
    public let index: Int
    /// How many shards the batch is split into.
    public let count: Int

    /// The most shards a batch can be split into.
    public static let mostShards = 1_000_000

    /// The whole batch, for a task that runs alone.
    public static let whole = BatchShard(checkedIndex: 1, count: 1)

    /// Shard `index` of `count`.
    ///
    /// - Throws: ``BatchShardError`` when `count` is not from 1 to ``mostShards`` or `index`
    ///   is not from 1 to `count`.
    public init(index: Int, count: Int) throws(BatchShardError) {
        guard (1...Self.mostShards).contains(count) else { throw .countOutOfRange(count) }
        guard (1...count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        self.init(checkedIndex: index, count: count)
    }

    /// The shard that `text` names as `K/N` ("3/4").
    ///
    /// - Throws: ``BatchShardError`` for anything else, or numbers out of range.
    public init(parsing text: String) throws(BatchShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { throw .malformed(text) }
        try self.init(index: index, count: count)
    }

    private init(checkedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Whether this is the whole batch (one shard of one).
    public var isWhole: Bool { count == 1 }

    /// "3/4".
    public var description: String { "\(index)/\(count)" }

    /// Whether the row whose output file is called `baseName` (without its extension)
    /// belongs to this shard.
    public func contains(baseName: String) -> Bool {
        isWhole || Self.shardIndex(ofBaseName: baseName, count: count) == index
    }

    /// The shard (1…`count`) that the row whose output file is called `baseName` belongs to.
    /// Internal: `count` must be a checked number of shards (a negative one would trap), which
    /// only ``contains(baseName:)`` and the tests pass.
    static func shardIndex(ofBaseName baseName: String, count: Int) -> Int {
        Int(mixed(FNV1a128.low64(of: baseName.utf8)).multipliedFullWidth(by: UInt64(count)).high) + 1
    }

    /// The 64-bit finalizer of MurmurHash3 (`fmix64`): every input bit reaches every output
    /// bit, so the high bits used to pick a shard depend on the whole name (FNV-1a's own high
    /// bits mix slowly for short names).
    private static func mixed(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }
}
