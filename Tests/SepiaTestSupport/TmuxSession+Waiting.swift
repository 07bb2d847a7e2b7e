package import Foundation

extension TmuxSession {
    /// How long a wait lasts before the test fails: generous, CI machines are slow.
    package static let waitTimeout: TimeInterval = 60
    /// How often the screen is captured while waiting.
    package static let pollInterval: TimeInterval = 0.05

    /// Captures the screen until `isReady` accepts it and returns that capture.
    ///
    /// - Throws: ``EndToEndError`` naming `expectation` and showing the last screen when
    ///   `timeout` passes first.
    @discardableResult
    package func waitForScreen(
        _ expectation: String, timeout: TimeInterval = waitTimeout, until isReady: (PaneSnapshot) -> Bool
    ) throws -> PaneSnapshot {
        try poll(expectation, timeout: timeout, capture: capture, screen: \.text, until: isReady)
    }

    /// Captures the screen every `interval` until `isReady` accepts it or `timeout` passes;
    /// returns the last capture and whether it was accepted (running out of time is no error
    /// here).
    package func captureScreen(
        every interval: TimeInterval = pollInterval, for timeout: TimeInterval, until isReady: (PaneSnapshot) -> Bool
    ) throws -> (screen: PaneSnapshot, isReady: Bool) {
        let (screen, accepted) = try Polling.read(every: interval, for: timeout, capture, until: isReady)
        return (screen, accepted)
    }

    /// Captures the screen with its colours until `isReady` accepts it and returns it.
    ///
    /// - Throws: ``EndToEndError`` as ``waitForScreen(_:timeout:until:)`` does.
    @discardableResult
    package func waitForColoredScreen(
        _ expectation: String, timeout: TimeInterval = waitTimeout, until isReady: (String) -> Bool
    ) throws -> String {
        try poll(expectation, timeout: timeout, capture: captureWithColors, screen: { $0 }, until: isReady)
    }

    /// Waits for the program to end and returns its exit status.
    package func waitForExit(timeout: TimeInterval = waitTimeout) throws -> Int32 {
        let screen = try waitForScreen("the program to exit", timeout: timeout) { $0.exitStatus != nil }
        return screen.exitStatus!
    }

    private func poll<Capture>(
        _ expectation: String, timeout: TimeInterval, capture: () throws -> Capture,
        screen: (Capture) -> String, until isReady: (Capture) -> Bool
    ) throws -> Capture {
        let (last, isDone) = try Polling.read(every: Self.pollInterval, for: timeout, capture, until: isReady)
        guard isDone else {
            throw EndToEndError("Waited \(Int(timeout)) s for \(expectation); the screen was:\n\(screen(last))")
        }
        return last
    }
}
