import Foundation
import Glibc

/// The temporary files that writers killed mid-write left in a folder, which may be shared by
/// many tasks on many machines (an output folder or a cache on NFS).
///
/// The contract every writer of such a folder keeps: a temporary file lives only within one
/// call that creates it, writes it whole and renames it over its final name (or removes it on
/// failure), as ``LocalFile/writeAtomically(_:to:)`` and `DiskCache.store` do; each write moves
/// its modification time. No live writer keeps one unmodified for long, so a temporary file
/// that has not been modified for ``age`` was left by a writer that is gone, and any task may
/// remove it. The clocks of the machines need only agree within that age (a networked file
/// system sets modification times from the server's clock). A writer suspended for longer than
/// the age mid-write (SIGSTOP, a preempted job) loses its file: its rename then fails, and that
/// one photo fails with the system's reason, to be written by the next run.
enum AbandonedTemporaryFiles {
    /// How long a temporary file must have gone unmodified to count as abandoned.
    static let age: TimeInterval = 60 * 60

    /// Whether a temporary file last modified at `modified` is abandoned at `now`.
    static func isAbandoned(modified: Date, now: Date = Date()) -> Bool {
        modified < now.addingTimeInterval(-age)
    }

    /// Removes the abandoned temporary files of `folder`: the regular files (not links) whose
    /// names `isTemporaryName` accepts and that have gone unmodified for ``age``. Reads the
    /// folder's entries one at a time: an output folder may hold millions of photos.
    /// - Returns: how many files were removed.
    @discardableResult
    static func remove(in folder: String, where isTemporaryName: (String) -> Bool, now: Date = Date()) -> Int {
        guard let directory = opendir(folder) else { return 0 }
        defer { closedir(directory) }
        var removed = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard isTemporaryName(name) else { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            guard let status = LocalFile.status(path), status.isRegularFile, isAbandoned(modified: status.modified, now: now) else {
                continue
            }
            if unlink(path) == 0 { removed += 1 }
        }
        return removed
    }
}
