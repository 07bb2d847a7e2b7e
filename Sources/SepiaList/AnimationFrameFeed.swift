import Dispatch
public import Foundation
public import SepiaImaging
public import SepiaOperations
public import SepiaPipeline

/// Decodes and processes an animation's frames one at a time, off the caller's thread, on a
/// serial queue of its own, looping as the file says: the decoding half of ``AnimationPlayer``.
///
/// Each ``requestFrame(_:)`` decodes the next frame (`ImageAnimation.nextFrame()`), processes
/// it with `PhotoProcessing.processFrame(_:parallel:)` (the per-frame step `sepia process`
/// uses) and hands it to the completion. After the last frame the animation plays again, as
/// often as `ImageAnimation.loopCount` says (0: forever), then the completion gets nil.
///
/// Memory: the decoder's canvases (`ImageAnimation.heldBytes`) and the frame being made. When
/// the animation plays more than once and all its processed frames together fit in
/// `cacheBudget` bytes, the first play keeps them and later plays reuse them without decoding
/// (the decoder is then let go); a frame past the budget drops what was kept, and every play
/// decodes again. So memory never grows with the frame count beyond `cacheBudget`.
///
/// ``cancel()`` stops it: a request in flight finishes its frame but calls nothing, and the
/// decoder, the kept frames and the bytes are released on the feed's queue. A frame that fails
/// to decode ends the feed with its error; it calls nothing after that.
///
/// Thread-safe: its decoding state is confined to its queue.
public final class AnimationFrameFeed: @unchecked Sendable {
    // @unchecked Sendable: everything but `cancelled` is read and written only on `queue`,
    // one block at a time; `cancelled` is locked.

    /// What opening found.
    public let canvasSize: PixelSize
    /// Frames a play.
    public let frameCount: Int
    /// Plays, 0 for forever (`ImageAnimation.loopCount`; 1 for a still image).
    public let loopCount: Int

    private let data: Data
    private let processing: PhotoProcessing
    private let options: ImageDecodingOptions
    private let cacheBudget: Int
    private let queue = DispatchQueue.serial(named: "Sepia animation frames", qos: .userInitiated)
    private let cancelled = Locked(false)
    private var animation: ImageAnimation?
    /// Plays finished so far.
    private var playsDone = 0
    /// Frames handed out in the current play.
    private var framesThisPlay = 0
    /// The first play's processed frames, while they fit the budget; nil once they do not.
    private var kept: [AnimationFrame]? = []
    private var keptBytes = 0
    /// Where the next frame comes from once the kept frames are complete.
    private var keptIndex: Int?
    private var ended = false

    /// The default ``init(_:processing:cacheBudget:)`` budget: 16 MB, 20 canvases of 400 × 500.
    public static let defaultCacheBudget = 16 << 20

    /// Opens `data` (on the calling thread: the container is read and its limits and memory
    /// checked, no frame decoded) for frames processed as `processing` says.
    ///
    /// - Throws: `ImageDecodingError` for data no decoder takes or over the limits of
    ///   `processing` (its pixel limit) and `ImageAnimation`.
    public init(_ data: Data, processing: PhotoProcessing, cacheBudget: Int = AnimationFrameFeed.defaultCacheBudget) throws {
        var options = processing.decodingOptions
        options.targetSize = nil  // frames are decoded at the canvas size, then fitted
        let animation = try ImageAnimation(data, options: options)
        self.data = data
        self.processing = processing
        self.options = options
        // A still image plays once, whatever its container says.
        let plays = animation.isAnimated ? animation.loopCount : 1
        self.cacheBudget = plays == 1 ? 0 : cacheBudget
        self.animation = animation
        canvasSize = animation.canvasSize
        frameCount = animation.frameCount
        loopCount = plays
    }

    /// Decodes the next frame on the feed's queue and calls `completion` there with it, with
    /// nil once the last play ended, or with the error that stopped the decode; never after
    /// ``cancel()``. Requests are served in order.
    public func requestFrame(_ completion: @escaping @Sendable (Result<AnimationFrame?, any Error>) -> Void) {
        queue.async { [self] in
            guard !isCancelled else { return release() }
            let result = Result { try nextFrame() }
            switch result {
            case .success(nil), .failure: release()  // the plays ended, or a frame failed
            case .success: break
            }
            guard !isCancelled else { return release() }
            completion(result)
        }
    }

    /// Stops the feed: no completion is called from now on, and what it holds is released.
    public func cancel() {
        cancelled.withLock { $0 = true }
        queue.async { [self] in release() }
    }

    private var isCancelled: Bool { cancelled.withLock { $0 } }

    /// The next frame of the current play, starting the next play after the last frame.
    private func nextFrame() throws -> AnimationFrame? {
        guard !ended else { return nil }
        if let index = keptIndex, let kept {
            if index == kept.count {
                guard startNextPlay() else { return nil }
                (keptIndex, framesThisPlay) = (0, 0)
                return try nextFrame()
            }
            keptIndex = index + 1
            framesThisPlay += 1
            return kept[index]
        }
        if animation == nil { animation = try ImageAnimation(data, options: options) }
        guard var frame = try animation?.nextFrame() else {
            animation = nil
            guard startNextPlay() else { return nil }
            framesThisPlay = 0
            if let kept, !kept.isEmpty {
                keptIndex = 0
            }
            return try nextFrame()
        }
        processing.processFrame(&frame.image, parallel: true)
        keep(frame)
        framesThisPlay += 1
        return frame
    }

    /// Counts a play ended; whether another one starts.
    /// A play without a frame ends the feed (nothing to loop over).
    private func startNextPlay() -> Bool {
        playsDone += 1
        if framesThisPlay == 0 || (loopCount != 0 && playsDone >= loopCount) {
            ended = true
            return false
        }
        return true
    }

    /// Keeps `frame` of the first play while the kept frames fit the budget.
    private func keep(_ frame: AnimationFrame) {
        guard playsDone == 0, kept != nil else { return }
        let bytes = frame.image.pixels.count
        if keptBytes + bytes > cacheBudget {
            kept = nil
        } else {
            kept?.append(frame)
            keptBytes += bytes
        }
    }

    private func release() {
        animation = nil
        kept = nil
        keptIndex = nil
        ended = true
    }
}
