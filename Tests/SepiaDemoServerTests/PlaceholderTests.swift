import XCTest
final class ServerPlaceholderTests: XCTestCase { func testNothingYet() {} }
