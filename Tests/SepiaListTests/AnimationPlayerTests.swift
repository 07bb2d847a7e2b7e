import Dispatch
import Foundation
import SepiaImaging
import SepiaOperations
import SepiaTestSupport
import XCTest

@testable import SepiaList
@testable import SepiaPipeline

/// The player both large views share, on real GIFs made by gifsicle: frames handed to the main
/// actor no earlier than their time, plays ended as the file says with the last frame kept, a
/// still photo left alone, a damaged frame's reason, a stop during a decode that calls nothing,
/// and the bytes of an animated original that the pipeline kept (and of a still one, none).
@MainActor
final class AnimationPlayerTests: XCTestCase, @unchecked Sendable {
    private let processing = PhotoProcessing(filter: .sepia)

    /// Runs the main queue until `condition` holds or `timeout` seconds pass.
    private func run(until condition: @escaping @MainActor () -> Bool, timeout: TimeInterval = 20) {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() && Date() < deadline {
            let turned = expectation(description: "a turn of the main queue")
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(5)) { turned.fulfill() }
            wait(for: [turned], timeout: 10)
        }
    }

    nonisolated func testFramesShowAtTheirTimesAndTheLastStaysWhenThePlaysEnd() throws {
        // 200 ms frames, --loopcount=1: two plays.
        let gif = try AnimatedGIF.make(colors: ["rgb(0,0,255)", "rgb(255,255,0)"], size: "30x20", delay: 20, loop: "1")
        try MainActor.assumeIsolated {
            let player = AnimationPlayer(processing: processing)
            var shown: [(index: Int, at: DispatchTime, red: UInt8)] = []
            player.onFrame = { frame in shown.append((frame.index, .now(), frame.image.pixel(x: 0, y: 0).red)) }
            player.onFailure = { XCTFail("failed: \($0)") }
            player.play(gif)
            run(until: { player.isStopped })
            XCTAssertEqual(shown.map(\.index), [0, 1, 0, 1])
            for (earlier, later) in zip(shown, shown.dropFirst()) {
                let gap = Double(later.at.uptimeNanoseconds - earlier.at.uptimeNanoseconds) / 1e6
                XCTAssertGreaterThanOrEqual(gap, 195, "a frame came before the one before had shown 200 ms")
            }
            // Sepia-toned blue and yellow: two different colours, the same each play.
            let reds = shown.map(\.red)
            XCTAssertNotEqual(reds[0], reds[1])
            XCTAssertEqual(reds[0], reds[2])
            let matrix = try XCTUnwrap(processing.filter.matrix)
            let blue = RGBAImage(width: 1, height: 1, red: 0, green: 0, blue: 255).applying(matrix).pixel(x: 0, y: 0)
            XCTAssertEqual(reds[0], blue.red)
            XCTAssertEqual(player.framesShown, 4)
        }
    }

    nonisolated func testAStillPhotoPlaysNothing() throws {
        let gif = try AnimatedGIF.make(colors: ["rgb(10,20,30)"], size: "30x20", loop: "none")
        MainActor.assumeIsolated {
            let player = AnimationPlayer(processing: processing)
            var stills = 0
            player.onStill = { stills += 1 }
            player.onFrame = { _ in XCTFail("a still photo played") }
            player.play(gif)
            XCTAssertEqual(stills, 1)
            XCTAssertTrue(player.isStopped)
        }
    }

    nonisolated func testADamagedFrameEndsThePlayWithItsReasonAfterTheGoodFrames() throws {
        let gif = try AnimationFiles.noisyGIF(frames: 3, size: "40x30")
        let cut = Data(gif.prefix(gif.count - 200))
        MainActor.assumeIsolated {
            let player = AnimationPlayer(processing: processing)
            var shown = 0
            var reasons: [String] = []
            player.onFrame = { _ in shown += 1 }
            player.onFailure = { reasons.append($0) }
            player.play(cut)
            run(until: { player.isStopped })
            XCTAssertGreaterThan(shown, 0)
            XCTAssertEqual(reasons.count, 1)
            XCTAssertTrue(reasons.first?.hasPrefix("Frame \(shown + 1) cannot be decoded: ") ?? false, "\(reasons)")
        }
    }

    nonisolated func testAnAnimationOverTheLimitsFailsWithItsReasonAndPlaysNothing() throws {
        // 30×20 = 600 pixels a frame, over a pixel limit of 500.
        let gif = try AnimatedGIF.make(colors: ["rgb(0,0,255)", "rgb(255,255,0)"], size: "30x20")
        MainActor.assumeIsolated {
            let player = AnimationPlayer(processing: PhotoProcessing(filter: .sepia, pixelLimit: 500))
            var reasons: [String] = []
            player.onFrame = { _ in XCTFail("a frame of a refused animation") }
            player.onFailure = { reasons.append($0) }
            player.play(gif)
            run(until: { player.isStopped })
            XCTAssertEqual(reasons.count, 1)
            XCTAssertTrue(reasons.first?.hasPrefix("Cannot play the animation: ") ?? false, "\(reasons)")
            XCTAssertTrue(reasons.first?.contains("500") ?? false, "the limit is named: \(reasons)")
        }
    }

    nonisolated func testStoppingDuringADecodeCallsNothingMore() throws {
        let gif = try AnimationFiles.noisyGIF(frames: 3, size: "1200x900")
        MainActor.assumeIsolated {
            for delay in [0, 30, 150] {
                let player = AnimationPlayer(processing: processing)
                var calls = 0
                player.onFrame = { _ in calls += 1 }
                player.onFailure = { _ in calls += 1 }
                player.play(gif)
                var stoppedAt = -1
                let stopAt = Date().addingTimeInterval(Double(delay) / 1000)
                run(until: { Date() >= stopAt })
                stoppedAt = calls
                player.stop()
                run(until: { false }, timeout: 1)
                XCTAssertEqual(calls, stoppedAt, "a handler ran after stop (stopped after \(delay) ms)")
            }
        }
    }

    nonisolated func testThePipelineKeepsTheBytesOfAnAnimatedOriginalToPlay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-playback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let animated = folder.appendingPathComponent("animated.gif")
        let still = folder.appendingPathComponent("still.gif")
        try AnimatedGIF.make(colors: ["rgb(0,0,255)", "rgb(255,0,0)"], size: "30x20", delay: 5, loop: "none").write(to: animated)
        try AnimatedGIF.make(colors: ["rgb(0,0,255)"], size: "30x20", loop: "none").write(to: still)
        let pipeline = PhotoPipeline(loader: HTTPLoader())
        for url in [animated, still] {
            let loaded = expectation(description: "the original of \(url.lastPathComponent)")
            pipeline.original(for: PhotoRequest(url: url)).onFinish(on: .global()) { _ in loaded.fulfill() }
            wait(for: [loaded], timeout: 20)
        }
        XCTAssertEqual(pipeline.animationData(for: animated), try Data(contentsOf: animated))
        XCTAssertNil(pipeline.animationData(for: still))
        try MainActor.assumeIsolated {
            let player = AnimationPlayer(processing: processing)
            var indices: [Int] = []
            player.onFrame = { indices.append($0.index) }
            player.play(try XCTUnwrap(pipeline.animationData(for: animated)))
            run(until: { player.isStopped })
            XCTAssertEqual(indices, [0, 1], "one play")
        }
    }
}
