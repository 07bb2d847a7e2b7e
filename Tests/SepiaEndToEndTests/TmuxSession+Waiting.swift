import Foundation

extension TmuxSession {
    /// How long a wait lasts before the test fails: generous, CI machines are slow.
    static let waitTimeout: TimeInterval = 60
    /// How often the screen is captured while waiting.
    static let pollInterval: TimeInterval = 0.05

    /// Captures the screen until `isReady` accepts it and returns that capture.
    ///
    /// - Throws: ``EndToEndError`` naming `expectation` and showing the last screen when
    ///   `timeout` passes first.
    @discardableResult
    func waitForScreen(
        _ expectation: String, timeout: TimeInterval = waitTimeout, until isReady: (PaneSnapshot) -> Bool
    ) throws -> PaneSnapshot {
        try poll(expectation, timeout: timeout, capture: capture, screen: \.text, until: isReady)
    }

    /// Captures the screen with its colours until `isReady` accepts it and returns it.
    ///
    /// - Throws: ``EndToEndError`` as ``waitForScreen(_:timeout:until:)`` does.
    @discardableResult
    func waitForColoredScreen(
        _ expectation: String, timeout: TimeInterval = waitTimeout, until isReady: (String) -> Bool
    ) throws -> String {
        try poll(expectation, timeout: timeout, capture: captureWithColors, screen: { $0 }, until: isReady)
    }

    /// Waits for the program to end and returns its exit status.
    func waitForExit(timeout: TimeInterval = waitTimeout) throws -> Int32 {
        let screen = try waitForScreen("the program to exit", timeout: timeout) { $0.exitStatus != nil }
        return screen.exitStatus!
    }

    private func poll<Capture>(
        _ expectation: String, timeout: TimeInterval, capture: () throws -> Capture,
        screen: (Capture) -> String, until isReady: (Capture) -> Bool
    ) throws -> Capture {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var last = try capture()
        while !isReady(last) {
            guard Date() < deadline else {
                throw EndToEndError("Waited \(Int(timeout)) s for \(expectation); the screen was:\n\(screen(last))")
            }
            Thread.sleep(forTimeInterval: Self.pollInterval)
            last = try capture()
        }
        return last
    }
}
