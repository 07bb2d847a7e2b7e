import Dispatch
public import Foundation
public import SepiaImaging
import SepiaOperations
public import SepiaPipeline

/// Plays an animated photo on the main actor: what the window's and the terminal's large views
/// share.
///
/// Given the photo's bytes (those the pipeline kept of an animated original:
/// ``PhotoListLoading/animationData(for:)``) and the processing of the photo shown (filter and fit), it decodes and processes frames off the
/// main thread (``AnimationFrameFeed``) and hands each to ``onFrame`` on the main actor when it
/// is due: the first frame as soon as it is ready, each next one when the frame before has
/// shown for its duration (`AnimationFrame.duration`), or as soon as it is ready when its
/// decode took longer. Plays loop as the file says (0: forever) and the last frame stays when
/// they end.
///
/// It holds at most two processed frames beside the feed's: the one shown (which the front end
/// holds anyway) and the next one, decoded ahead while the shown one is on screen. A photo that
/// is not animated plays nothing: ``onStill`` is called and everything is released.
///
/// ``stop()`` ends it (the view closed or the photo changed): no handler is called after it, the
/// decode in flight is cancelled and everything is released. A frame that fails to
/// decode ends the playback with ``onFailure``'s reason; the frame shown before stays.
@MainActor
public final class AnimationPlayer {
    /// Called with each frame when it is due. Its image is processed; its `AnimationFrame.index`
    /// is its place in the file.
    public var onFrame: ((AnimationFrame) -> Void)?
    /// Called once when the photo turns out not to be animated: there is nothing to play.
    public var onStill: (() -> Void)?
    /// Called once with the reason when the animation cannot be opened or a frame cannot be
    /// decoded; the playback has ended.
    public var onFailure: ((String) -> Void)?

    private let processing: PhotoProcessing
    private let cacheBudget: Int
    private var feed: AnimationFrameFeed?
    /// The frame decoded ahead, waiting for its time.
    private var pending: AnimationFrame?
    /// When the next frame is due; nil until the first frame shows.
    private var nextDue: DispatchTime?
    private var timer: DispatchWorkItem?
    private var requesting = false
    /// Whether the feed has ended (its last play, a failure, or ``stop()``).
    private var feedEnded = false
    /// Frames handed to ``onFrame`` so far.
    public private(set) var framesShown = 0
    /// Whether the player has stopped: the animation ended, failed, was still or ``stop()``ped.
    public private(set) var isStopped = false

    /// A player of frames processed as `processing` says, keeping a looping animation's frames
    /// up to `cacheBudget` bytes (see ``AnimationFrameFeed``). Nothing starts before ``play(_:)``.
    public init(processing: PhotoProcessing, cacheBudget: Int = AnimationFrameFeed.defaultCacheBudget) {
        self.processing = processing
        self.cacheBudget = cacheBudget
    }

    /// Plays `data`, opened off the main thread.
    public func play(_ data: Data) {
        guard !isStopped, feed == nil else { return }
        guard ImageAnimation.isAnimated(data) else {
            isStopped = true
            onStill?()
            return
        }
        let (processing, cacheBudget) = (processing, cacheBudget)
        QualityOfServiceQueue.userInitiated.queue.async {
            let opened = Result { try AnimationFrameFeed(data, processing: processing, cacheBudget: cacheBudget) }
            DispatchQueue.main.async {
                MainActor.assumeIsolated { [weak self] in
                    guard let self, !self.isStopped else {
                        if case .success(let feed) = opened { feed.cancel() }
                        return
                    }
                    switch opened {
                    case .success(let feed):
                        self.feed = feed
                        self.requestNext()
                    case .failure(let error):
                        self.fail("Cannot play the animation: \(error)")
                    }
                }
            }
        }
    }

    /// Stops playing and releases everything; no handler is called after this.
    public func stop() {
        isStopped = true
        timer?.cancel()
        timer = nil
        feed?.cancel()
        feed = nil
        pending = nil
    }

    // MARK: Timing

    private func requestNext() {
        guard let feed, !requesting, pending == nil, !feedEnded else { return }
        requesting = true
        feed.requestFrame { result in
            DispatchQueue.main.async {
                MainActor.assumeIsolated { [weak self] in self?.arrived(result) }
            }
        }
    }

    private func arrived(_ result: Result<AnimationFrame?, any Error>) {
        guard !isStopped else { return }
        requesting = false
        switch result {
        case .success(let frame?):
            pending = frame
            if let nextDue, DispatchTime.now() < nextDue {
                schedule(at: nextDue)
            } else {
                showPending()
            }
        case .success(nil):
            feedEnded = true
            feed = nil
            isStopped = true  // the last frame stays shown
        case .failure(let error):
            fail("Frame \(framesShown + 1) cannot be decoded: \(error)")
        }
    }

    private func schedule(at due: DispatchTime) {
        timer?.cancel()
        let item = DispatchWorkItem { [weak self] in
            MainActor.assumeIsolated { self?.showPending() }
        }
        timer = item
        DispatchQueue.main.asyncAfter(deadline: due, execute: item)
    }

    private func showPending() {
        timer = nil
        guard !isStopped, let frame = pending else { return }
        pending = nil
        nextDue = DispatchTime.now() + .milliseconds(frame.duration)
        framesShown += 1
        onFrame?(frame)
        requestNext()
    }

    private func fail(_ reason: String) {
        stop()
        onFailure?(reason)
    }
}
