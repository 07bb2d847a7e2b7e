public import Foundation

/// The number of shards that fill an output folder, kept in the folder (``fileName``), so that a
/// task whose engine tells it another number stops before it does the wrong share.
///
/// The case it catches: a Slurm array task submitted again alone (`sbatch --array=2`) is an
/// array of one task, whose variables say "shard 1 of 1": without the mark it would run the
/// whole batch beside the other tasks. The first sharded task writes the mark (created
/// exclusively, so tasks starting together agree on one); every later one compares.
public enum ShardCountMark {
    /// The mark's file in the output folder.
    public static let fileName = ".sepia-shards"

    /// Checks `assignment` against the mark in `folder`, and marks the folder when it has none
    /// and the batch is split.
    ///
    /// - Throws: ``BatchShardError/inconsistent(_:)`` when the folder is filled by a batch of
    ///   another number of shards; ``BatchShardError/unreadableMark(path:reason:)`` when the mark
    ///   cannot be read or written.
    public static func check(_ assignment: ShardAssignment, folder: URL) throws(BatchShardError) {
        let path = folder.appendingPathComponent(fileName, isDirectory: false).path
        let marked: Int
        if let existing = try read(path) {
            marked = existing
        } else if assignment.shard.isWhole {
            return
        } else {
            do throws(LocalFileError) {
                try LocalFile.create(path, contents: Data("\(assignment.shard.count)\n".utf8))
                return
            } catch .system(EEXIST) {
                guard let existing = try read(path) else { return }  // created and gone again: nothing to compare
                marked = existing
            } catch {
                throw .unreadableMark(path: path, reason: error.description)
            }
        }
        guard marked != assignment.shard.count else { return }
        throw .inconsistent(
            "the output folder is filled by a batch of \(marked) shards (\(path) says so), but this task is \(assignment); "
                + "a task submitted again alone needs the number of shards: --shards \(marked), or \(ShardAssignment.shardCountVariable)=\(marked)"
        )
    }

    /// The number in the mark at `path`, nil when there is none.
    private static func read(_ path: String) throws(BatchShardError) -> Int? {
        guard LocalFile.exists(path) else { return nil }
        let text: String
        do throws(LocalFileError) {
            // A regular file only: a FIFO planted in the shared folder would hold the task forever.
            text = String(decoding: try LocalFile.readRegularFile(path, limit: 64).data, as: UTF8.self)
        } catch {
            throw .unreadableMark(path: path, reason: error.description)
        }
        guard let count = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), count >= 1 else {
            throw .unreadableMark(path: path, reason: "it holds \"\(text.prefix(20))\", not a number of shards")
        }
        return count
    }
}
