import Dispatch
import Foundation
import SepiaOperations
import XCTest

@testable import SepiaBrowser

/// Frames for input come at once; other frames are paced and folded together.
/// On the main actor, like the code under test. Linux XCTest cannot call main-actor test
/// methods, so each test is `nonisolated` and enters the main actor (XCTest runs it on the
/// main thread) with `MainActor.assumeIsolated`; `@unchecked Sendable` lets it take `self`
/// along, which only the main actor touches.
@MainActor
final class FramePacerTests: XCTestCase, @unchecked Sendable {
    /// Runs the main queue until what was queued before this call has run.
    private func drain() {
        let drained = expectation(description: "the main queue ran what was queued")
        DispatchQueue.main.async { drained.fulfill() }
        wait(for: [drained], timeout: 10)
    }

    nonisolated func testInputIsDrawnAtOnceAndBackgroundChangesArePacedAndFolded() {
        MainActor.assumeIsolated {
            let frames = Locked(0)
            let pacer = FramePacer(interval: .seconds(2)) { frames.withLock { $0 += 1 } }
            pacer.request()
            drain()
            XCTAssertEqual(frames.withLock { $0 }, 1, "the first frame is drawn on the next turn")

            pacer.request()
            pacer.request()
            drain()
            XCTAssertEqual(frames.withLock { $0 }, 1, "a background change waits for the interval")

            pacer.request(urgent: true)
            drain()
            XCTAssertEqual(frames.withLock { $0 }, 2, "input does not wait")

            Thread.sleep(forTimeInterval: 2.2)
            drain()
            XCTAssertEqual(frames.withLock { $0 }, 2, "the paced frame was folded into the input's frame")

            pacer.request()
            drain()
            XCTAssertEqual(frames.withLock { $0 }, 3, "after a quiet spell a background change is drawn at once")
        }
    }
}
