import Foundation
import SepiaImaging
import SepiaOperations

/// The previews of one download, as its ``PreviewPolicy`` allows: fed the body as it arrives
/// (on the network's threads), it decides when a preview is worth decoding, decodes it on the
/// filtration queue and hands each one that shows more than the last to `deliver`. Thread-safe.
///
/// At most one decode is waiting or running at a time; a body part that comes meanwhile is
/// only scanned later, with the next one. ``finish()`` (the download ended, whole, failed or
/// cancelled) cancels the decode in flight and drops any result still to come.
final class DownloadPreviews: Sendable {
    private struct State: Sendable {
        var scanner = ProgressivePrefixScanner()
        /// Decodes started so far.
        var started = 0
        /// The length of the prefix the last decode started from.
        var lastStart = 0
        /// The complete scans the last decode of a JPEG started with.
        var lastScans = 0
        /// The detail of the last preview delivered (its complete scans or passes).
        var delivered = 0
        var inFlight: Operation?
        /// The download ended, or the previews can show no more: nothing more starts.
        var isDone = false
    }

    private let policy: PreviewPolicy
    private let queue: CountedQueue
    private let pixelLimit: Int
    private let deliver: @Sendable (ProgressivePreview) -> Void
    private let state = Locked(State())

    /// Previews decoded on `queue`, for photos within `pixelLimit`, handed to `deliver` on the
    /// decoding thread.
    init(
        policy: PreviewPolicy, queue: CountedQueue, pixelLimit: Int = ImageDecodingOptions.defaultPixelLimit,
        deliver: @escaping @Sendable (ProgressivePreview) -> Void
    ) {
        self.policy = policy
        self.queue = queue
        self.pixelLimit = pixelLimit
        self.deliver = deliver
    }

    /// How many decodes have started (for tests and benchmarks).
    var decodesStarted: Int { state.withLock { $0.started } }

    /// Looks at the body received so far and starts a decode when the policy allows one.
    func received(_ body: Data, expected: Int?) {
        let start = state.withLock { state -> Bool in
            guard !state.isDone, state.inFlight == nil, state.started < policy.maximumCount else { return false }
            // The whole body is there: the photo itself comes next.
            if let expected, body.count >= expected { return false }
            body.withUnsafeBytes { state.scanner.update(with: $0) }
            let scanner = state.scanner
            switch scanner.layout {
            case .undetermined: return false
            case .none:
                state.isDone = true
                return false
            case .progressiveJPEG:
                guard scanner.completeScans > state.lastScans else { return false }
                // The first complete scan shows the whole picture at once; later ones wait for a step.
                guard state.started == 0 || scanner.previewableLength - state.lastStart >= policy.step(expected: expected) else {
                    return false
                }
                state.lastScans = scanner.completeScans
            case .interlacedPNG:
                let step = state.started == 0 ? policy.step(expected: expected) / 4 : policy.step(expected: expected)
                guard body.count - state.lastStart >= step else { return false }
            }
            state.started += 1
            state.lastStart = scanner.previewableLength
            return true
        }
        guard start else { return }
        let (box, pixelLimit) = (policy.box, pixelLimit)
        let decode = BlockResultOperation<ProgressivePreview?> { check in
            try check.throwIfCancelled()
            return try? ProgressivePreview.decode(body, fitting: box, pixelLimit: pixelLimit)
        }
        decode.name = "Preview"
        decode.queuePriority = .veryLow
        decode.onFinishInline { [self] result in
            let preview = state.withLock { state -> ProgressivePreview? in
                state.inFlight = nil
                guard !state.isDone, case .success(let made?) = result, made.completeUnits > state.delivered else { return nil }
                state.delivered = made.completeUnits
                if made.isFinest { state.isDone = true }
                return made
            }
            if let preview { deliver(preview) }
        }
        let ended = state.withLock { state -> Bool in
            if !state.isDone { state.inFlight = decode }
            return state.isDone
        }
        if !ended { queue.addOperation(decode) }
    }

    /// Ends the previews: the download is over. A decode in flight is cancelled and no preview
    /// is delivered from now on.
    func finish() {
        let inFlight = state.withLock { state -> Operation? in
            state.isDone = true
            return state.inFlight
        }
        inFlight?.cancel()
    }
}
