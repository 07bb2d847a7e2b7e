import Foundation
import SepiaTerminal
import XCTest

final class InputReaderTests: XCTestCase {
    private var readEnd: Int32 = -1
    private var writeEnd: Int32 = -1

    override func setUpWithError() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    override func tearDown() {
        close(readEnd)
        if writeEnd >= 0 { close(writeEnd) }
    }

    private func send(_ text: String) {
        XCTAssertEqual(write(writeEnd, text, text.utf8.count), text.utf8.count)
    }

    func testBytesComeOutAsEvents() throws {
        let collector = EventCollector()
        let reader = try InputReader(fileDescriptor: readEnd, handler: collector.handler)
        reader.start()
        defer { reader.stop() }
        send("q\u{1B}[A\u{1B}[<65;3;4M")
        XCTAssertEqual(
            collector.wait(for: 3),
            [
                .key(.character("q")), .key(.up), .mouse(MouseEvent(kind: .wheelDown, column: 2, row: 3)),
            ])
    }

    func testSequenceSplitAcrossWritesIsOneKey() throws {
        let collector = EventCollector()
        let reader = try InputReader(fileDescriptor: readEnd, escapeTimeout: .milliseconds(200), handler: collector.handler)
        reader.start()
        defer { reader.stop() }
        send("\u{1B}[")
        Thread.sleep(forTimeInterval: 0.02)
        send("6~")
        XCTAssertEqual(collector.wait(for: 1), [.key(.pageDown)])
    }

    func testLoneEscapeComesOutAfterTheTimeout() throws {
        let collector = EventCollector()
        let reader = try InputReader(fileDescriptor: readEnd, escapeTimeout: .milliseconds(30), handler: collector.handler)
        reader.start()
        defer { reader.stop() }
        let sent = Date()
        send("\u{1B}")
        XCTAssertEqual(collector.wait(for: 1), [.key(.escape)])
        let elapsed = Date().timeIntervalSince(sent)
        XCTAssertGreaterThanOrEqual(elapsed, 0.025, "not before the timeout")
        XCTAssertLessThan(elapsed, 1)
    }

    func testStopIsPromptAndNothingArrivesAfterIt() throws {
        let collector = EventCollector()
        let reader = try InputReader(fileDescriptor: readEnd, handler: collector.handler)
        reader.start()
        Thread.sleep(forTimeInterval: 0.05)
        let started = Date()
        reader.stop()
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.5, "stop waits for no poll timeout")
        send("x")
        Thread.sleep(forTimeInterval: 0.05)
        XCTAssertEqual(collector.events, [])
        reader.stop()
    }

    func testEndOfInputEndsTheThreadAndFlushes() throws {
        let collector = EventCollector()
        let reader = try InputReader(fileDescriptor: readEnd, escapeTimeout: .seconds(10), handler: collector.handler)
        reader.start()
        send("a\u{1B}")
        close(writeEnd)
        writeEnd = -1
        XCTAssertEqual(collector.wait(for: 2), [.key(.character("a")), .key(.escape)])
        let started = Date()
        reader.stop()
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.5, "stop waits for no poll timeout")
    }

    func testStopFromTheHandlerDoesNotDeadlock() throws {
        let stopped = expectation(description: "stopped from the handler")
        let box = ReaderBox()
        let reader = try InputReader(fileDescriptor: readEnd) { _ in
            box.reader?.stop()
            stopped.fulfill()
        }
        box.reader = reader
        reader.start()
        send("z")
        wait(for: [stopped], timeout: 2)
        reader.stop()
    }
}

/// Lets a handler reach the reader it belongs to.
private final class ReaderBox: @unchecked Sendable {
    // @unchecked Sendable: set once before the reader starts, only read afterwards.
    var reader: InputReader?
}
