import Dispatch
import Foundation
import SepiaImaging
import SepiaOperations
import SepiaTestSupport
import XCTest

@testable import SepiaList
@testable import SepiaPipeline

/// The feed behind playback, on real GIFs made by gifsicle: frames processed exactly as
/// `sepia process` processes them, plays looped as the file says, the first play kept only
/// within its budget, and a cancel during a decode that calls nothing and frees everything.
final class AnimationFrameFeedTests: XCTestCase {
    private let processing = PhotoProcessing(filter: .sepia)

    /// Every result the feed gives until it ends, at most `limit`.
    private func drain(_ feed: AnimationFrameFeed, limit: Int = 100) -> [Result<AnimationFrame?, any Error>] {
        var results: [Result<AnimationFrame?, any Error>] = []
        for _ in 0..<limit {
            let arrived = expectation(description: "a frame")
            let result = Locked<Result<AnimationFrame?, any Error>?>(nil)
            feed.requestFrame { value in
                result.withLock { $0 = value }
                arrived.fulfill()
            }
            wait(for: [arrived], timeout: 20)
            guard let value = result.withLock({ $0 }) else { break }
            results.append(value)
            guard case .success(.some) = value else { break }
        }
        return results
    }

    private func frames(_ results: [Result<AnimationFrame?, any Error>]) -> [AnimationFrame] {
        results.compactMap { if case .success(let frame?) = $0 { frame } else { nil } }
    }

    private func decodedFrames(_ data: Data) throws -> [AnimationFrame] {
        let animation = try ImageAnimation(data)
        var frames: [AnimationFrame] = []
        while let frame = try animation.nextFrame() { frames.append(frame) }
        return frames
    }

    func testFramesAreProcessedAsTheBatchDoesAndPlaysFollowTheLoopCount() throws {
        // --loopcount=2: the first play and two repetitions, three plays.
        let gif = try AnimatedGIF.make(colors: ["rgb(0,0,255)", "rgb(255,255,0)"], size: "30x20", loop: "2")
        for budget in [0, AnimationFrameFeed.defaultCacheBudget] {
            let feed = try AnimationFrameFeed(gif, processing: processing, cacheBudget: budget)
            XCTAssertEqual(feed.loopCount, 3)
            XCTAssertEqual(feed.frameCount, 2)
            let results = drain(feed)
            let played = frames(results)
            XCTAssertEqual(played.map(\.index), [0, 1, 0, 1, 0, 1], "budget \(budget)")
            guard case .success(nil)? = results.last else { return XCTFail("the feed did not end: \(results)") }
            var expected = try decodedFrames(gif).map(\.image)
            for index in expected.indices { processing.processFrame(&expected[index], parallel: false) }
            for frame in played { XCTAssertEqual(frame.image, expected[frame.index], "frame \(frame.index), budget \(budget)") }
            XCTAssertEqual(played.map(\.duration), Array(repeating: 200, count: 6))
        }
    }

    func testAForeverLoopKeepsPlayingFromItsKeptFramesOrByDecodingAgain() throws {
        let gif = try AnimatedGIF.make(colors: ["rgb(0,0,255)", "rgb(255,255,0)", "rgb(0,255,0)"], size: "30x20")
        let fitted = PhotoProcessing(filter: .sepia, fitting: PixelSize(width: 15, height: 15))
        for budget in [0, 15 * 10 * 4 * 2, AnimationFrameFeed.defaultCacheBudget] {
            let feed = try AnimationFrameFeed(gif, processing: fitted, cacheBudget: budget)
            XCTAssertEqual(feed.loopCount, 0)
            let played = frames(drain(feed, limit: 10))
            XCTAssertEqual(played.map(\.index), [0, 1, 2, 0, 1, 2, 0, 1, 2, 0], "budget \(budget)")
            XCTAssertEqual(Set(played.map(\.image.size)), [PixelSize(width: 15, height: 10)])
            for (first, later) in zip(played, played.dropFirst(3)) { XCTAssertEqual(first.image, later.image) }
            feed.cancel()
        }
    }

    func testAFrameThatFailsEndsTheFeedWithItsErrorAfterTheGoodOnes() throws {
        let gif = try AnimationFiles.noisyGIF(frames: 3, size: "40x30")
        // Cut inside the last frame's data: the container still counts three frames.
        let cut = gif.prefix(gif.count - 200)
        let feed = try AnimationFrameFeed(Data(cut), processing: processing)
        let results = drain(feed)
        XCTAssertFalse(frames(results).isEmpty, "the good frames come first")
        guard case .failure(let error)? = results.last else { return XCTFail("no failure: \(results)") }
        XCTAssertFalse("\(error)".isEmpty)
    }

    func testCancellingDuringADecodeCallsNothingAndFreesTheFeed() throws {
        let gif = try AnimationFiles.noisyGIF(frames: 2, size: "1500x1200")
        weak var weakFeed: AnimationFrameFeed?
        let called = Locked(0)
        do {
            let feed = try AnimationFrameFeed(gif, processing: processing)
            weakFeed = feed
            feed.requestFrame { _ in called.withLock { $0 += 1 } }
            feed.requestFrame { _ in called.withLock { $0 += 1 } }
            feed.cancel()  // while the first decode runs, or before it starts
        }
        let deadline = Date().addingTimeInterval(20)
        while weakFeed != nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertNil(weakFeed, "the feed was not freed")
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertEqual(called.withLock { $0 }, 0, "no frame after the cancel")
    }

    func testAStillImageIsRefusedNothingAndGivesItsOneFrame() throws {
        let gif = try AnimatedGIF.make(colors: ["rgb(10,20,30)"], size: "30x20", loop: "none")
        let feed = try AnimationFrameFeed(gif, processing: processing)
        let results = drain(feed)
        XCTAssertEqual(frames(results).map(\.index), [0])
    }
}
