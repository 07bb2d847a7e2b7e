import Foundation

/// Writes whole byte arrays to a file descriptor.
enum FileDescriptorWriter {
    /// Writes all of `bytes` to `fileDescriptor`: one `write(2)` when the kernel takes
    /// everything, more only after a partial write. EINTR is retried at once; EAGAIN (a
    /// non-blocking descriptor that is full) waits with `poll(2)` until it can take more.
    /// Any other error ends the write: the terminal is gone, and there is no one to tell.
    static func writeAll(_ bytes: [UInt8], to fileDescriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written >= 0 {
                    offset += written
                } else if errno == EAGAIN {
                    var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&descriptor, 1, -1)
                } else if errno != EINTR {
                    return
                }
            }
        }
    }
}
