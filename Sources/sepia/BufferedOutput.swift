import Foundation

/// Text written to a file descriptor in large chunks: a report of a million lines is a few
/// hundred writes, not a million. Not thread-safe: one writer at a time.
final class BufferedOutput {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let chunk = 1 << 16

    /// Output to `descriptor` (standard output by default).
    init(descriptor: Int32 = STDOUT_FILENO) {
        self.descriptor = descriptor
        buffer.reserveCapacity(chunk)
    }

    deinit { flush() }

    /// Adds `text`, writing out what is buffered once a chunk is full.
    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= chunk { flush() }
    }

    /// Adds `bytes`, writing out what is buffered once a chunk is full.
    func write(_ bytes: Data) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= chunk { flush() }
    }

    /// Writes out everything buffered. A failed write (a closed pipe) drops the rest: there is
    /// nobody left to read it.
    func flush() {
        buffer.withUnsafeBytes { Self.writeAll($0, to: descriptor) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes all of `bytes` to `descriptor`, retrying on `EINTR`; a failed write drops the rest.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
        var written = 0
        while written < bytes.count {
            let count = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count > 0 {
                written += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
    }
}
