import XCTest
final class PipelinePlaceholderTests: XCTestCase { func testNothingYet() {} }
