public import Foundation
import SepiaOperations

/// A thread-safe cache of data in files under one directory, kept within a total size by
/// removing the least recently used files.
///
/// - Each key gets one file, named by the key's 128-bit FNV-1a hash; the file starts with a
///   header that holds the key and the lengths of the payload and of the caller's metadata
///   (see `DiskCacheEntryFormat`).
/// - Writes are atomic: the entry is written to a temporary file in the same directory and
///   renamed over the old one, so a reader in this or another process sees the old entry or the
///   new one, never part of one. Temporary files left by a crash are removed an hour later, when
///   a cache opens the directory (the contract of `AbandonedTemporaryFiles`).
/// - Reading an entry marks it as used, in memory and in the file's modification date, which is
///   how the next cache on the same directory learns the order.
/// - After a write takes the total size (headers included) over `sizeLimit`, the least recently
///   used files are removed until it is at most 90% of the limit; the entry just written stays.
///   An entry larger than the whole limit is not stored.
/// - An entry that is truncated, has a bad header, holds another key, fails its checksum or is
///   not a regular file counts as a miss and is removed (unless another thread replaced it
///   with a good one meanwhile). Callers remove entries that turn out useless later
///   (``removeData(forKey:)``: bytes that do not decode).
///
/// Use one instance per directory in a process: files that other processes add later are read,
/// but only counted towards the size once they are read or the directory is opened again.
/// `sizeLimit` is therefore kept by each process on its own, not by the folder: processes that
/// share a directory (the tasks of a batch on shared storage) each trim to the limit what they
/// know of, and together may leave up to about one limit more than it for each task that wrote.
public final class DiskCache: Sendable {
    /// What is on disk, by recency. Renames and removals happen under its lock as well, so the
    /// index matches the directory; encoding, writing temporary files and reading entries run
    /// outside it.
    private let index = Locked(DiskCacheIndex())

    /// The directory that holds the entries.
    public let directory: URL
    /// The most bytes the entries' files may add up to.
    public let sizeLimit: Int

    private static let temporaryPrefix = ".tmp-"

    /// What an entry's file may hold besides its data when a read is limited by the data's
    /// size: the header, the key and the caller's metadata (response headers).
    public static let entryOverheadAllowance = 1 << 20

    /// Opens the cache in `directory`, creating the directory (and missing folders above it)
    /// with permissions 0700 if needed, and takes stock of the entries already there (trimming
    /// them if they are over `sizeLimit`).
    /// - Parameter sizeLimit: the most bytes the entries may take; more than zero.
    /// - Throws: `DiskCacheError` when the directory cannot be created.
    public init(directory: URL, sizeLimit: Int) throws {
        precondition(sizeLimit > 0, "A disk cache needs a size limit above zero")
        do {
            // 0700, as the XDG Base Directory rules ask: the entries say which photos the user
            // fetched. Folders that already exist keep their permissions (a shared one stays shared).
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw DiskCacheError(.createDirectory, path: directory.path, underlying: error)
        }
        self.directory = directory
        self.sizeLimit = sizeLimit
        loadIndex()
    }

    /// The data stored for `key`, which becomes the most recently used entry; nil when there is
    /// none or the entry is damaged (and then removed).
    public func data(forKey key: String) -> Data? {
        entry(forKey: key)?.data
    }

    /// The data and metadata stored for `key`, which becomes the most recently used entry; nil
    /// when there is none or the entry is damaged (and then removed). Entries written before
    /// the cache kept metadata have empty metadata.
    /// - Parameter maximumDataSize: the most bytes of data the caller takes (such as the largest
    ///   body its downloads accept): an entry whose file is larger than that and
    ///   ``entryOverheadAllowance`` is a miss, before a byte of it is read, and stays for
    ///   callers that take more. Nil for any entry up to ``sizeLimit``.
    public func entry(forKey key: String, maximumDataSize: Int? = nil) -> (data: Data, metadata: Data)? {
        let name = Self.fileName(forKey: key)
        let limit = maximumDataSize.map { min($0 + Self.entryOverheadAllowance, sizeLimit) } ?? sizeLimit
        let file: (data: Data, identity: FileIdentity)
        do {
            file = try LocalFile.readRegularFile(fileURL(name).path, limit: limit)
        } catch {
            // Only a file that cannot be an entry goes, and only if it is still there: another
            // thread may have stored a good entry since. A missing file or a passing failure
            // (out of descriptors, of memory) is just a miss.
            switch error {
            case .tooLarge, .notRegularFile:
                discard(name) { current in !current.isRegularFile || current.size > sizeLimit }
            case .system:
                break
            }
            return nil
        }
        guard let entry = DiskCacheEntryFormat.entry(of: file.data, key: key) else {
            discard(name) { $0 == file.identity }
            return nil
        }
        // Touching under the lock: if trimming removed the file since it was read, the touch
        // fails and the file is not counted again.
        index.withLock { index in
            if LocalFile.touch(fileURL(name).path) {
                index.recordRead(of: name, sizeIfNew: file.data.count)
            }
        }
        return (entry.payload, entry.metadata)
    }

    /// Stores `data` for `key` as the most recently used entry, replacing any entry for `key`,
    /// then trims the cache if it is over its size limit. Data too large for the whole cache is
    /// not stored, and any older entry for `key` is removed.
    /// - Parameter metadata: the caller's own bytes kept with the data (such as the response
    ///   headers it came with), read back by ``entry(forKey:maximumDataSize:)``.
    /// - Throws: `DiskCacheError` when the file cannot be written (directory gone, disk full…).
    public func store(_ data: Data, metadata: Data = Data(), forKey key: String) throws {
        let name = Self.fileName(forKey: key)
        let destination = fileURL(name)
        let file = DiskCacheEntryFormat.encode(data, metadata: metadata, key: key)
        guard file.count <= sizeLimit else {
            discard(name)
            return
        }
        let temporary = directory.appendingPathComponent(Self.temporaryPrefix + UUID().uuidString, isDirectory: false)
        do {
            try LocalFile.create(temporary.path, contents: file)
        } catch {
            throw DiskCacheError(.write, path: destination.path, reason: error.description)
        }

        try index.withLock { index in
            guard rename(temporary.path, destination.path) == 0 else {
                let reason = String(cString: strerror(errno))
                LocalFile.remove(temporary.path)
                throw DiskCacheError(.write, path: destination.path, reason: reason)
            }
            index.recordUse(of: name, size: file.count)
            trim(&index, keeping: name)
        }
    }

    /// Removes the entry for `key`, if any.
    public func removeData(forKey key: String) {
        discard(Self.fileName(forKey: key))
    }

    /// Removes every entry; the directory stays.
    public func removeAll() {
        index.withLock { index in
            for name in entryNames() {
                LocalFile.remove(fileURL(name).path)
            }
            index.removeAll()
        }
    }

    /// The bytes the entries' files take, headers included.
    public var totalSize: Int {
        index.withLock { $0.totalSize }
    }

    // MARK: - Files

    /// The name of the file for `key`: 32 hexadecimal digits.
    static func fileName(forKey key: String) -> String {
        FNV1a128.hex(of: key.utf8)
    }

    private static func isEntryName(_ name: String) -> Bool {
        name.utf8.count == 32 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    private func fileURL(_ name: String) -> URL {
        directory.appendingPathComponent(name, isDirectory: false)
    }

    private func entryNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter(Self.isEntryName)
    }

    /// Removes the file `name` and forgets it.
    private func discard(_ name: String) {
        discard(name) { _ in true }
    }

    /// Removes the file `name` and forgets it if, under the lock, what is there now is
    /// still bad (say, the very file that was read), so a good entry written meanwhile by
    /// another thread stays.
    private func discard(_ name: String, if stillBad: (FileIdentity) -> Bool) {
        index.withLock { index in
            let path = fileURL(name).path
            if let current = LocalFile.identity(path), !stillBad(current) { return }
            LocalFile.remove(path)
            index.remove(name)
        }
    }

    // MARK: - Index and trimming

    /// Takes stock of the entries on disk, ordered by modification date (the last use recorded
    /// by any earlier cache), and removes stale temporary files. Runs from `init` only.
    private func loadIndex() {
        var entries: [(date: Date, name: String, size: Int)] = []
        let now = Date()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names {
            let path = fileURL(name).path
            guard let status = LocalFile.status(path), status.isRegularFile else { continue }
            if Self.isEntryName(name) {
                entries.append((status.modified, name, status.size))
            } else if name.hasPrefix(Self.temporaryPrefix), AbandonedTemporaryFiles.isAbandoned(modified: status.modified, now: now) {
                LocalFile.remove(path)
            }
        }
        index.withLock { index in
            for entry in entries.sorted(by: { ($0.date, $0.name) < ($1.date, $1.name) }) {
                index.recordUse(of: entry.name, size: entry.size)
            }
            trim(&index, keeping: nil)
        }
    }

    /// When the entries of `index` are over `sizeLimit`, removes the least recently used ones
    /// (never `kept`) until they are at most 90% of it. Call with the index's lock held.
    private func trim(_ index: inout DiskCacheIndex, keeping kept: String?) {
        guard index.totalSize > sizeLimit else { return }
        let target = sizeLimit - sizeLimit / 10
        for name in index.namesByLeastRecentUse() where name != kept {
            guard index.totalSize > target else { break }
            LocalFile.remove(fileURL(name).path)
            index.remove(name)
        }
    }
}
