import Foundation
import Glibc
import SepiaOperations

/// The file a batch appends its ``BatchReportLine``s to, one line each, as rows end.
///
/// The file is opened for appending (`O_APPEND`) and each line goes out in one `write`, so a
/// task that is run again after being killed adds to its earlier lines, and a merge sees every
/// row at most torn on the last line. On a shared filesystem each task should have a report of
/// its own (`report-%a.jsonl` in Slurm): appends from several machines to one NFS file are not
/// atomic. Thread-safe.
public final class BatchReportFile: Sendable {
    /// The report's path.
    public let path: String
    private let descriptor: Int32
    private let firstFailure = Locked<String?>(nil)

    /// Opens (creating it and its folder if needed) the report at `path`, so that a report that
    /// cannot be written fails before any work.
    ///
    /// The report must be a regular file: a symbolic link at `path` (planted in a shared folder
    /// to make the batch append to another file) is refused without being followed, and so are
    /// a FIFO (opened without blocking, where a FIFO without a reader would hold the batch
    /// forever) and a device.
    ///
    /// - Throws: ``BatchReportError`` saying what the system refused, or what `path` is instead.
    public init(path: String) throws(BatchReportError) {
        // A folder that cannot be made makes `open` fail, with the system's own reason.
        try? FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o666)
        guard descriptor >= 0 else {
            let code = errno
            // ELOOP: a symbolic link; ENXIO: a FIFO without a reader. Say which, not the system's words.
            var status = stat()
            if code == ELOOP || code == ENXIO, lstat(path, &status) == 0 {
                throw BatchReportError(path: path, reason: Self.notRegularFile(status), writing: true)
            }
            throw BatchReportError(path: path, reason: String(cString: strerror(code)), writing: true)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw BatchReportError(path: path, reason: Self.notRegularFile(status), writing: true)
        }
        // Appends to a regular file block as the disk does, never on a reader: blocking again
        // keeps every line one whole `write`.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        self.path = path
        self.descriptor = descriptor
    }

    /// "it is a FIFO (named pipe), not a regular file", for the entry `status` describes.
    private static func notRegularFile(_ status: stat) -> String {
        LocalFileError.notRegularFile(FileKind(mode: status.st_mode)).description
    }

    deinit {
        close(descriptor)
    }

    /// Appends `record` as one line. A failed write is kept (see ``failure``), not thrown: the
    /// batch goes on, and the caller reports it at the end.
    public func append(_ record: BatchReportLine) {
        let failure: String?
        do {
            failure = try record.line().withUnsafeBytes { Self.writeWhole($0, to: descriptor) }
        } catch {
            failure = "a record could not be encoded: \(error)"
        }
        if let failure { firstFailure.withLock { $0 = $0 ?? failure } }
    }

    /// The first write that failed, as a sentence; nil when every line was written.
    public var failure: String? {
        firstFailure.withLock { $0 }
    }

    private static func writeWhole(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        var written = 0
        while written < buffer.count {
            let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            if count > 0 {
                written += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return String(cString: strerror(count < 0 ? errno : EIO))
            }
        }
        return nil
    }
}
