import Foundation
import SepiaTestSupport

/// A pseudo-terminal that never answers: a program on its slave end that asks the terminal
/// something (the kitty graphics probe, a device-attributes request) waits for its timeout,
/// which holds its start-up open long enough for a test to send it a signal meanwhile.
final class SilentTerminal {
    /// The end the test reads the program's output from.
    let master: Int32
    /// The end the program runs on.
    let slave: Int32

    /// Opens a pair whose window is 120 × 40.
    init() throws {
        var masterEnd: Int32 = -1
        var slaveEnd: Int32 = -1
        var window = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&masterEnd, &slaveEnd, nil, nil, &window) == 0 else {
            throw EndToEndError("openpty failed: errno \(errno)")
        }
        master = masterEnd
        slave = slaveEnd
    }

    deinit {
        close(slave)
        close(master)
    }

    /// The slave's current settings.
    var settings: termios {
        var current = termios()
        tcgetattr(slave, &current)
        return current
    }

    /// What the program wrote, as text, read until `isDone` accepts all of it or `timeout`
    /// passes.
    func read(timeout: TimeInterval, until isDone: (String) -> Bool) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = Date(timeIntervalSinceNow: timeout)
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while !isDone(String(decoding: received, as: UTF8.self)), Date() < deadline {
            guard poll(&descriptor, 1, 50) > 0 else { continue }
            let count = Glibc.read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}
