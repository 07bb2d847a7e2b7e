import SepiaDemoContent
import SepiaImaging
import XCTest

@testable import SepiaPipeline

/// The natural, case-insensitive order of names.
final class NaturalSortKeyTests: XCTestCase {
    private func sorted(_ names: [String]) -> [String] {
        names.map(NaturalSortKey.init).sorted().map(\.text)
    }

    func testNumbersCompareByValue() {
        XCTAssertEqual(
            sorted(["Photo 10", "Photo 2", "Photo 1", "Photo 100", "Photo 9"]), ["Photo 1", "Photo 2", "Photo 9", "Photo 10", "Photo 100"])
        XCTAssertEqual(sorted(["img12b3", "img12b20", "img2"]), ["img2", "img12b3", "img12b20"])
    }

    func testNumbersLongerThanAnyIntegerStillCompareByValue() {
        XCTAssertEqual(
            sorted(["n 100000000000000000000000", "n 99999999999999999999999"]),
            ["n 99999999999999999999999", "n 100000000000000000000000"])
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

    /// The key-less comparison that sorts big manifests gives the keys' answer, for random texts
    /// mixing cases, digit runs with leading zeros and scalars whose lowercase mapping is longer.
    func testComparingWithoutKeysAgreesWithTheKeys() {
        let alphabet: [String] = ["a", "B", "z", "0", "0", "7", "9", " ", ".", "É", "İ", "ß", "Σ", "K", "ﬀ"]
        var random = SplitMix64(seed: 11)
        func text() -> String {
            (0..<Int(random.next() % 8)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
        }
        for _ in 0..<20_000 {
            let (left, right) = (text(), text())
            XCTAssertEqual(NaturalSortKey.orders(left, before: right), NaturalSortKey(left) < NaturalSortKey(right), "\(left) | \(right)")
        }
    }

    /// Keys made scalar by scalar order as keys made from the whole lowercased text did.
    func testElementsFollowTheWholeTextLowercased() {
        XCTAssertEqual(sorted(["İb", "ia", "i̇c"]), ["ia", "İb", "i̇c"])
        XCTAssertEqual(sorted(["ǅ2", "ǆ10", "Ǆ1"]), ["Ǆ1", "ǅ2", "ǆ10"])
    }
}
