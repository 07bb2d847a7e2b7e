import Dispatch
import Foundation
import SepiaOperations
import XCTest
@testable import SepiaBrowser

/// Frames for input come at once; other frames are paced and folded together.
final class FramePacerTests: XCTestCase {
    private let queue = DispatchQueue(label: "frame pacer tests")

    func testInputIsDrawnAtOnceAndBackgroundChangesArePacedAndFolded() {
        let frames = Locked(0)
        let pacer = FramePacer(queue: queue, interval: .seconds(2)) { frames.withLock { $0 += 1 } }
        queue.sync { pacer.request() }
        queue.sync {}
        XCTAssertEqual(frames.withLock { $0 }, 1, "the first frame is drawn on the next turn")

        queue.sync {
            pacer.request()
            pacer.request()
        }
        queue.sync {}
        XCTAssertEqual(frames.withLock { $0 }, 1, "a background change waits for the interval")

        queue.sync { pacer.request(urgent: true) }
        queue.sync {}
        XCTAssertEqual(frames.withLock { $0 }, 2, "input does not wait")

        Thread.sleep(forTimeInterval: 2.2)
        queue.sync {}
        XCTAssertEqual(frames.withLock { $0 }, 2, "the paced frame was folded into the input's frame")

        queue.sync { pacer.request() }
        queue.sync {}
        XCTAssertEqual(frames.withLock { $0 }, 3, "after a quiet spell a background change is drawn at once")
    }
}
