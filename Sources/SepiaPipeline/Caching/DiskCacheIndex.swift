/// What `DiskCache` knows about its files: each one's size and when it was last used, so the
/// total size is known without listing the directory and trimming knows what to remove first.
///
/// Uses are ordered by a counter rather than by clock time, so two uses in the same instant
/// still have an order. Not thread-safe: `DiskCache` guards it with its lock.
struct DiskCacheIndex {
    private struct Record {
        var size: Int
        var lastUse: UInt64
    }

    private var records: [String: Record] = [:]
    private var clock: UInt64 = 0

    /// The sum of the sizes of all files.
    private(set) var totalSize = 0

    /// Records that the file `name` of `size` bytes was just written (or found on disk).
    mutating func recordUse(of name: String, size: Int) {
        clock += 1
        totalSize += size - (records[name]?.size ?? 0)
        records[name] = Record(size: size, lastUse: clock)
    }

    /// Records that the file `name` was just read. A file the index does not know yet (written
    /// by another process) is added with `sizeIfNew` bytes; a known one keeps the size recorded
    /// when this process wrote it, which a reader that raced with a newer write cannot know.
    mutating func recordRead(of name: String, sizeIfNew: Int) {
        recordUse(of: name, size: records[name]?.size ?? sizeIfNew)
    }

    /// Forgets the file `name`.
    mutating func remove(_ name: String) {
        if let record = records.removeValue(forKey: name) {
            totalSize -= record.size
        }
    }

    /// Forgets every file.
    mutating func removeAll() {
        records = [:]
        totalSize = 0
    }

    /// The names of all files, least recently used first.
    func namesByLeastRecentUse() -> [String] {
        records.sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key)
    }
}
