import XCTest

@testable import SepiaPipeline

/// Nearest rank: the smallest value with at least the share asked for at or below it.
final class PercentileTests: XCTestCase {
    func testTheNearestRankIsAValueOfTheList() {
        let values = (1...100).map(Double.init)
        XCTAssertEqual(Percentile.nearestRank(0.5, ofSorted: values), 50)
        XCTAssertEqual(Percentile.nearestRank(0.99, ofSorted: values), 99)
        XCTAssertEqual(Percentile.nearestRank(0.995, ofSorted: values), 100)
        XCTAssertEqual(Percentile.nearestRank(1, ofSorted: values), 100)
    }

    func testSmallListsAndTheEnds() {
        XCTAssertEqual(Percentile.nearestRank(0.99, ofSorted: [3, 7]), 7)
        XCTAssertEqual(Percentile.nearestRank(0.5, ofSorted: [3, 7]), 3)
        XCTAssertEqual(Percentile.nearestRank(0, ofSorted: [3, 7]), 3, "rank 0 is the first value")
        XCTAssertNil(Percentile.nearestRank(0.5, ofSorted: []))
    }
}
