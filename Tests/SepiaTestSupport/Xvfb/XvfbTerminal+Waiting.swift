package import Foundation

/// Waiting for the terminal's screen to show something.
extension XvfbTerminal {
    /// Takes screenshots until `isDone` accepts one, and returns it.
    ///
    /// - Throws: ``WaitTimeout`` naming `description` when `timeout` passes first; the last
    ///   screenshot is saved as `timeout-<description>` (see ``save(_:as:)``) to show why.
    @discardableResult
    package func waitForScreenshot(
        _ description: String, timeout: TimeInterval = Polling.patience, until isDone: (RGBImage) throws -> Bool
    ) throws -> RGBImage {
        try ScreenshotFolder.wait(for: description, every: 0.05, timeout: timeout, prefix: emulator.rawValue, screenshot, until: isDone)
    }

    /// A screen that has stopped changing, and when it first looked that way.
    package struct SettledScreen {
        /// The screenshot.
        package var image: RGBImage
        /// The time from the origin given (``startTime`` by default) to the first screenshot
        /// equal to `image`.
        package var firstSeen: Duration
    }

    /// Takes screenshots as fast as it can until one that `isDone` accepts has stayed
    /// unchanged for `settle` seconds; returns it with the time it first appeared (to within
    /// one screenshot, some 30-100 ms) after `origin` (the terminal's start when nil), for a
    /// time to a first screen.
    ///
    /// - Throws: ``WaitTimeout`` when no such screen came within `timeout` seconds.
    package func waitForSettledScreen(
        _ description: String, since origin: ContinuousClock.Instant? = nil, settle: TimeInterval = 1, timeout: TimeInterval = 60,
        until isDone: (RGBImage) throws -> Bool
    ) throws -> SettledScreen {
        let deadline = ContinuousClock.now + .seconds(timeout)
        var candidate: (image: RGBImage, seen: ContinuousClock.Instant)?
        var last: RGBImage?
        while ContinuousClock.now < deadline {
            let taken = ContinuousClock.now
            let image = try screenshot()
            last = image
            if let current = candidate, current.image == image {
                if ContinuousClock.now - current.seen >= .seconds(settle) {
                    return SettledScreen(image: image, firstSeen: current.seen - (origin ?? startTime))
                }
            } else {
                candidate = try isDone(image) ? (image, taken) : nil
            }
        }
        if let last { _ = try? save(last, as: "unsettled") }
        throw WaitTimeout(waitingUntil: description, seconds: timeout)
    }
}
