import Foundation
import Hummingbird
import SepiaDemoContent
import SepiaImaging
import SepiaOperations

/// Renders and encodes the generated photos on first request and keeps the encoded bytes.
///
/// Rendering runs on an `OperationQueue` limited to the core count, never on a NIO event
/// loop or the Swift concurrency pool; callers await it through a continuation. Concurrent
/// requests for the same photo share one rendering.
final class PhotoStore: Sendable {
    /// What identifies one encoded photo: its scene and its file format (a JPEG may be
    /// rewritten as a progressive one; a WebP may be an animation).
    struct Key: Hashable, Sendable {
        let seed: UInt64
        let format: ImageFormat
        var isProgressive = false
        var isAnimated = false
    }

    /// The frames of an animated photo, and how long each shows (milliseconds).
    static let animationFrames = 8
    static let animationFrameDuration = 150

    private let size: PixelSize
    private let jpegQuality: Int
    private let queue: OperationQueue
    private let renderings = Locked([Key: Task<ByteBuffer, any Error>]())
    private let isClosed = Locked(false)

    init(size: PixelSize, jpegQuality: Int) {
        self.size = size
        self.jpegQuality = jpegQuality
        queue = OperationQueue()
        queue.name = "SepiaDemoServer.PhotoStore"
        queue.maxConcurrentOperationCount = ProcessInfo.processInfo.activeProcessorCount
    }

    /// The encoded bytes of the photo `key`, rendered now if no one asked for it before.
    ///
    /// - Throws: `CancellationError` once the store is closed and the photo was not ready;
    ///   `ImageEncodingError` if encoding failed.
    func encodedPhoto(_ key: Key) async throws -> ByteBuffer {
        let rendering = renderings.withLock { renderings in
            if let existing = renderings[key] { return existing }
            let started = Task { try await self.render(key) }
            renderings[key] = started
            return started
        }
        return try await rendering.value
    }

    /// Stops rendering: photos still queued are dropped and their requests fail.
    func close() {
        isClosed.withLock { $0 = true }
    }

    private func render(_ key: Key) async throws -> ByteBuffer {
        try await withCheckedThrowingContinuation { continuation in
            queue.addOperation { [self] in
                continuation.resume(
                    with: Result {
                        guard !isClosed.withLock({ $0 }) else { throw CancellationError() }
                        guard !key.isAnimated else { return ByteBuffer(bytes: try renderAnimation(key)) }
                        let image = PhotoGenerator(seed: key.seed).render(width: size.width, height: size.height)
                        let encoding: ImageEncodingFormat =
                            key.format == .png ? .png : .jpeg(quality: jpegQuality)
                        let encoded = try ImageEncoder.encode(image, as: encoding)
                        return ByteBuffer(bytes: key.isProgressive ? try ProgressiveJPEGRewrite.rewrite(encoded) : encoded)
                    }
                )
            }
        }
    }

    /// An animated WebP of ``animationFrames`` frames panning across the scene of `key`, a
    /// twentieth of the width a frame, looping forever.
    private func renderAnimation(_ key: Key) throws -> [UInt8] {
        let frames = PhotoGenerator(seed: key.seed).renderPan(
            width: size.width, height: size.height, frames: Self.animationFrames, step: max(size.width / 20, 1))
        return try ImageEncoder.encodeAnimation(
            frames: frames.map { ($0, Self.animationFrameDuration) }, loopCount: 0, as: .webp(quality: jpegQuality))
    }
}
