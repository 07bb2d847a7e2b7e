import Foundation
import XCTest

/// A pseudo-terminal pair for tests: the session runs on `slave`, the test reads what it
/// draws from `master`.
final class PseudoTerminal: Sendable {
    let master: Int32
    let slave: Int32

    /// Opens a pair whose window is `columns` × `rows`.
    init(columns: UInt16 = 80, rows: UInt16 = 24) throws {
        var masterEnd: Int32 = -1
        var slaveEnd: Int32 = -1
        var window = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&masterEnd, &slaveEnd, nil, nil, &window) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        master = masterEnd
        slave = slaveEnd
    }

    deinit {
        close(slave)
        close(master)
    }

    /// Sets the window size the slave reports.
    func setWindowSize(columns: UInt16, rows: UInt16) {
        var window = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
    }

    /// The slave's current settings.
    var settings: termios {
        var current = termios()
        tcgetattr(slave, &current)
        return current
    }

    /// Reads from the master until `count` bytes came or `timeout` passed without more.
    func read(count: Int, timeout: TimeInterval = 2) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while received.count < count, poll(&descriptor, 1, Int32(timeout * 1000)) > 0 {
            let length = Glibc.read(master, &buffer, min(buffer.count, count - received.count))
            guard length > 0 else { break }
            received += buffer[..<length]
        }
        return received
    }

    /// Everything the master has to read now or within `timeout`.
    func readAvailable(timeout: TimeInterval = 0.1) -> [UInt8] {
        read(count: Int.max, timeout: timeout)
    }
}

/// Asserts that two terminal settings are the same in every flag and control character.
func XCTAssertSameSettings(_ actual: termios, _ expected: termios, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(actual.c_iflag, expected.c_iflag, "iflag", file: file, line: line)
    XCTAssertEqual(actual.c_oflag, expected.c_oflag, "oflag", file: file, line: line)
    XCTAssertEqual(actual.c_cflag, expected.c_cflag, "cflag", file: file, line: line)
    XCTAssertEqual(actual.c_lflag, expected.c_lflag, "lflag", file: file, line: line)
    let actualCharacters = withUnsafeBytes(of: actual.c_cc) { Array($0) }
    let expectedCharacters = withUnsafeBytes(of: expected.c_cc) { Array($0) }
    XCTAssertEqual(actualCharacters, expectedCharacters, "c_cc", file: file, line: line)
}
