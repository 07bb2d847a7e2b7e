import Hummingbird

/// Writes response bodies in chunks, at the configured bandwidth, counting the bytes sent
/// and the bodies a client cut short by closing its connection.
struct ResponseBodyStreamer: Sendable {
    /// Thrown on purpose after a deliberately truncated body, so Hummingbird closes the
    /// connection with fewer bytes sent than `Content-Length` announced.
    struct DeliberateTruncation: Error {}

    /// The chunk size when the bandwidth is unlimited.
    static let unlimitedChunkSize = 64 * 1024
    /// How many chunks per second a limited bandwidth is split into: small enough pauses to
    /// look like a steady stream, and a closed connection is noticed within a few of them.
    static let chunksPerSecond = 20

    /// Bytes per second, or nil for no limit.
    let bandwidth: Int?
    let counters: DemoServerCounters

    /// A body that sends all of `bytes`.
    func body(_ bytes: ByteBuffer) -> ResponseBody {
        body(bytes, sending: bytes.readableBytes)
    }

    /// A body that announces all of `bytes` in `Content-Length`, sends the first half,
    /// then makes Hummingbird close the connection.
    func truncatedBody(_ bytes: ByteBuffer) -> ResponseBody {
        body(bytes, sending: bytes.readableBytes / 2)
    }

    private var chunkSize: Int {
        guard let bandwidth else { return Self.unlimitedChunkSize }
        return min(max(bandwidth / Self.chunksPerSecond, 1), Self.unlimitedChunkSize)
    }

    private func body(_ bytes: ByteBuffer, sending count: Int) -> ResponseBody {
        ResponseBody(contentLength: bytes.readableBytes) { writer in
            let start = ContinuousClock.now
            var sent = 0
            do {
                while sent < count {
                    let length = min(chunkSize, count - sent)
                    try await writer.write(bytes.getSlice(at: bytes.readerIndex + sent, length: length)!)
                    sent += length
                    counters.recordBodyBytes(length)
                    if let bandwidth {
                        // Pace against the start, so scheduling delays do not add up.
                        try await ShutdownAwareSleep.sleep(until: start + .seconds(Double(sent) / Double(bandwidth)))
                    }
                }
            } catch {
                // A cancelled pause means the server is stopping: not the client's doing.
                if !(error is CancellationError) {
                    counters.recordCutBody()
                }
                throw error
            }
            guard sent == bytes.readableBytes else { throw DeliberateTruncation() }
            try await writer.finish(nil)
        }
    }
}
