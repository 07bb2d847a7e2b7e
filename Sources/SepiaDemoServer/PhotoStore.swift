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
    /// What identifies one encoded photo: its scene and how it is encoded.
    struct Key: Hashable, Sendable {
        /// How a scene becomes a file.
        enum Encoding: Hashable, Sendable {
            /// One picture, as a JPEG or a PNG.
            case still(ImageFormat)
            /// A JPEG rewritten as a progressive one.
            case progressiveJPEG
            /// An animated WebP panning across the scene (``PhotoStore/panFrames(seed:size:)``).
            case animatedWebP

            /// The file's format.
            var format: ImageFormat {
                switch self {
                case .still(let format): format
                case .progressiveJPEG: .jpeg
                case .animatedWebP: .webp
                }
            }
        }

        let seed: UInt64
        let encoding: Encoding
    }

    /// The frames of an animated photo, and how long each shows (milliseconds).
    static let panFrameCount = 8
    static let panFrameDuration = 150

    /// The frames of the animated photo of `seed` at `size`: windows of one scene, panning left
    /// to right a twentieth of the width a frame. The served animation and its placeholders
    /// are drawn from them.
    static func panFrames(seed: UInt64, size: PixelSize) -> [RGBAImage] {
        PhotoGenerator(seed: seed).renderPan(
            width: size.width, height: size.height, frames: panFrameCount, step: max(size.width / 20, 1))
    }

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
                        return ByteBuffer(bytes: try encode(key))
                    }
                )
            }
        }
    }

    /// The file of `key`'s scene: the animation loops forever.
    private func encode(_ key: Key) throws -> [UInt8] {
        switch key.encoding {
        case .animatedWebP:
            let frames = Self.panFrames(seed: key.seed, size: size).map { (image: $0, duration: Self.panFrameDuration) }
            return try ImageEncoder.encodeAnimation(frames: frames, loopCount: 0, as: .webp(quality: jpegQuality))
        case .still, .progressiveJPEG:
            let image = PhotoGenerator(seed: key.seed).render(width: size.width, height: size.height)
            let encoded = try ImageEncoder.encode(image, as: key.encoding.format == .png ? .png : .jpeg(quality: jpegQuality))
            return key.encoding == .progressiveJPEG ? try ProgressiveJPEGRewrite.rewrite(encoded) : encoded
        }
    }
}

extension PhotoStore.Key {
    /// The photo a catalog entry serves, or nil for an entry that serves none of its own
    /// (missing, corrupt, HTML). The slow entry serves a JPEG, late.
    init?(_ entry: DemoCatalog.Entry) {
        switch entry.kind {
        case .photo(let format): encoding = .still(format)
        case .slow: encoding = .still(.jpeg)
        case .progressive: encoding = .progressiveJPEG
        case .animated: encoding = .animatedWebP
        case .noURL, .notFound, .corrupt, .html, .truncated: return nil
        }
        seed = entry.imageSeed
    }
}
