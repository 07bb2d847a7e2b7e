import Foundation

extension TerminalSession {
    /// The image id the probe's query uses; the terminal echoes it in its answer.
    static let kittyProbeImageID = 31

    /// The probe: a kitty graphics query for a 1×1 image with the Unicode-placeholder key
    /// `U=1`, then a primary device-attributes request (DA1, `ESC [ c`), which every terminal
    /// answers. A terminal that supports placeholders answers the query with `OK` before its
    /// DA1 answer; kitty before 0.28 rejects the unknown `U` key and answers nothing, like
    /// terminals without the graphics protocol (kitty's graphics protocol docs, "Querying
    /// support and available transmission mediums").
    static let kittyProbeQuery: [UInt8] =
        KittyGraphics.graphicsCommand("i=\(kittyProbeImageID),s=1,v=1,a=q,t=d,f=24,U=1", payload: Array("AAAA".utf8)[...])
        + ControlSequence.csi("c")

    /// Asks the terminal whether it draws kitty images through Unicode placeholders, and waits
    /// at most `timeout` for the answer. Call it right after `start()`, before anything else
    /// reads the input: it consumes what arrives meanwhile (keys typed in those milliseconds
    /// are lost).
    public func supportsKittyPlaceholders(timeout: Duration = .milliseconds(500)) -> Bool {
        write(Self.kittyProbeQuery)
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        let deadline = ContinuousClock.now + timeout
        while !Self.endsWithDeviceAttributes(answer) {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { break }
            var descriptor = pollfd(fd: inputFileDescriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = left.pollMilliseconds + 1  // rounded up: never a busy zero
            guard poll(&descriptor, 1, milliseconds) > 0 else { break }
            let count = read(inputFileDescriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            answer += buffer[..<count]
        }
        return String(decoding: answer, as: UTF8.self).contains("\u{1B}_Gi=\(Self.kittyProbeImageID);OK")
    }

    /// Whether `bytes` hold a complete DA1 answer: `ESC [ ?` parameters `c`.
    private static func endsWithDeviceAttributes(_ bytes: [UInt8]) -> Bool {
        guard let start = bytes.lastIndex(of: 0x1B), bytes.count - start >= 4,
            bytes[start + 1] == UInt8(ascii: "["), bytes[start + 2] == UInt8(ascii: "?")
        else { return false }
        return bytes.last == UInt8(ascii: "c")
    }
}
