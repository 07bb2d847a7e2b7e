import Foundation
import SepiaTestSupport
import XCTest

/// `sepia selfcheck` passes on a sound pipeline at every photo size it accepts, the smallest
/// included, and leaves the files it says it wrote.
final class SelfCheckEndToEndTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-selfcheck-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testSmallAndMediumPhotosPass() throws {
        for size in ["64x48", "320x240"] {
            let output = folder.appendingPathComponent(size)
            let result = try CommandRunner.run(
                try EndToEndTools.sepia(), ["selfcheck", "--count", "2", "--size", size, "--output", output.path],
                environment: ProcessInfo.processInfo.environment)
            XCTAssertEqual(result.status, 0, "\(size): \(result.output) \(result.errorOutput)")
            XCTAssertFalse(result.output.contains("FAIL"), "\(size): \(result.output)")
            for index in 1...2 {
                XCTAssertTrue(result.output.contains("ok    Photo \(index): JPEG"), "\(size): \(result.output)")
                for suffix in [".jpg", ".png", " sepia.jpg", " grayscale.jpg", " thumbnail.png"] {
                    let file = output.appendingPathComponent("Photo \(index)\(suffix)").path
                    XCTAssertTrue(FileManager.default.fileExists(atPath: file), "\(size): \(file) was written")
                }
            }
        }
    }
}
