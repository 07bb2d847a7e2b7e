public import Foundation
public import SepiaImaging

extension TerminalSession {
    /// Asks the terminal what it can draw pictures with (see `TerminalProbe`) and waits for
    /// the answers until the last expected DA1 answer comes or `timeout` has passed in all.
    ///
    /// Call it right after `start()`, before anything else reads the input: it consumes what
    /// arrives meanwhile, so keys typed in those milliseconds are lost.
    public func probeCapabilities(
        timeout: Duration = TerminalProbe.defaultTimeout, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> TerminalCapabilities {
        let probe = TerminalProbe(environment: environment, grid: size, systemWindowPixels: systemWindowPixels)
        write(probe.query)
        var parser = TerminalAnswerParser()
        var answers: [TerminalAnswer] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        let deadline = ContinuousClock.now + timeout
        while answers.count(where: \.isDeviceAttributes) < probe.expectedDeviceAttributes {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { break }
            var descriptor = pollfd(fd: inputFileDescriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = left.pollMilliseconds + 1  // rounded up: never a busy zero
            guard poll(&descriptor, 1, milliseconds) > 0 else { break }
            let count = read(inputFileDescriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            answers += parser.consume(buffer[..<count])
        }
        return probe.capabilities(from: answers)
    }

    /// The text area in pixels as `TIOCGWINSZ` gives it now (the terminal updates it when its
    /// font or window changes), or nil when it says 0 (as many terminals do).
    public var systemWindowPixels: PixelSize? {
        guard let window = systemWindow, window.ws_xpixel > 0, window.ws_ypixel > 0 else { return nil }
        return PixelSize(width: Int(window.ws_xpixel), height: Int(window.ws_ypixel))
    }
}
