import SepiaPipeline
import XCTest

/// The natural, case-insensitive order of names.
final class NaturalSortKeyTests: XCTestCase {
    private func sorted(_ names: [String]) -> [String] {
        names.map(NaturalSortKey.init).sorted().map(\.text)
    }

    func testNumbersCompareByValue() {
        XCTAssertEqual(sorted(["Photo 10", "Photo 2", "Photo 1", "Photo 100", "Photo 9"]), ["Photo 1", "Photo 2", "Photo 9", "Photo 10", "Photo 100"])
        XCTAssertEqual(sorted(["img12b3", "img12b20", "img2"]), ["img2", "img12b3", "img12b20"])
    }

    func testNumbersLongerThanAnyIntegerStillCompareByValue() {
        XCTAssertEqual(sorted(["n 100000000000000000000000", "n 99999999999999999999999"]), ["n 99999999999999999999999", "n 100000000000000000000000"])
    }

    func testLettersIgnoreCaseAndFollowUnicodeScalarsWithoutLocaleRules() {
        XCTAssertEqual(sorted(["banana", "Cherry", "apple", "Äpfel"]), ["apple", "banana", "Cherry", "Äpfel"])
    }

    func testDigitRunsSortLikeADigitAmongOtherCharactersAndPrefixesFirst() {
        XCTAssertEqual(sorted(["a", "1", "a1", "a 1", "", "a.b", "ab"]), ["", "1", "a", "a 1", "a.b", "a1", "ab"])
    }

    func testTiesAreBrokenByExactTextSoTheOrderIsTotal() {
        XCTAssertEqual(sorted(["photo 1", "Photo 01", "Photo 1", "PHOTO 1"]), ["PHOTO 1", "Photo 01", "Photo 1", "photo 1"])
        XCTAssertEqual(sorted(["b", "B"]), sorted(["B", "b"]))
        XCTAssertFalse(NaturalSortKey("Photo 1") < NaturalSortKey("Photo 1"))
        XCTAssertNotEqual(NaturalSortKey("Photo 1"), NaturalSortKey("photo 1"))
        XCTAssertEqual(NaturalSortKey("Photo 1"), NaturalSortKey("Photo 1"))
    }

    func testLeadingZerosAndZeroItself() {
        XCTAssertEqual(sorted(["x 10", "x 007", "x 0", "x 00"]), ["x 0", "x 00", "x 007", "x 10"])
    }
}
