package import Foundation

/// A virtual X server (Xvfb, Debian's `xvfb`) of its own, on a display number the server
/// picks itself among the free ones (`-displayfd`), so tests running side by side never share
/// one. ``stop()`` (or the end of the object) ends it.
package final class XvfbDisplay {
    /// The display's name, for `DISPLAY` (":93").
    package let name: String
    private let server: BackgroundProcess

    /// Starts a server whose one screen is `width`×`height` pixels in 24-bit colour, and waits
    /// until it takes connections.
    package init(width: Int = 1600, height: Int = 1200, lifetime: TimeInterval = BackgroundProcess.defaultLifetime) throws {
        // -displayfd 1: the server writes the display number it chose to its standard output
        // once it listens. No TCP, no access control (the socket is local), no reset when the
        // last client leaves.
        let server = try BackgroundProcess(
            "Xvfb", ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-ac", "-noreset"],
            environment: ProcessInfo.processInfo.environment, lifetime: lifetime)
        let number = Polling.read(every: 0.02, for: 20, { server.output }, until: { $0.hasSuffix("\n") || !server.isRunning })
        guard number.isDone, server.isRunning, let display = Int(number.value.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            server.stop()
            throw EndToEndError("Xvfb did not start (install the Debian package xvfb: scripts/install-deps): \(server.log)")
        }
        name = ":\(display)"
        self.server = server
    }

    /// The environment of a program that should draw on this display: `base` with `DISPLAY`.
    package func environment(_ base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var environment = base
        environment["DISPLAY"] = name
        environment["WAYLAND_DISPLAY"] = nil
        return environment
    }

    /// Ends the server (every window on it closes). Calling it again does nothing.
    package func stop() {
        server.stop()
    }
}
