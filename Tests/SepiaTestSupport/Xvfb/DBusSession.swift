package import Foundation

/// A D-Bus session bus of its own (`dbus-daemon --session`), for programs that need one: a
/// GTK app's accessibility (AT-SPI starts its own bus and registry through it) and the
/// clients that read it. ``stop()`` (or the end of the object) ends it, and with it the
/// services it started.
///
/// The bus and the services it starts have a runtime folder (`XDG_RUNTIME_DIR`) of their own:
/// AT-SPI's bus launcher puts its socket there, else in `~/.cache/at-spi/`, where the
/// launchers of sessions running at the same time (other tests, other checkouts) take and
/// delete each other's socket.
package final class DBusSession {
    /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
    package let address: String
    private let daemon: BackgroundProcess
    private let runtimeFolder: URL

    /// Starts a session bus and waits until it takes connections.
    package init(lifetime: TimeInterval = BackgroundProcess.defaultLifetime) throws {
        // --print-address=1: the daemon writes its address to its standard output once it
        // listens; --nofork keeps it the process that `timeout` watches. The services it starts
        // (AT-SPI's bus launcher) get a runtime folder of their own (private, as XDG asks): with
        // none, the launcher puts its socket at ~/.cache/at-spi/bus, which every session of the
        // machine shares, so that tests running side by side took each other's bus away.
        let runtimeFolder = try makeTemporaryCacheDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtimeFolder.path)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeFolder.path
        let daemon = try BackgroundProcess(
            "dbus-daemon", ["--session", "--nofork", "--print-address=1"], environment: environment, lifetime: lifetime)
        let printed = Polling.read(every: 0.02, for: 20, { daemon.output }, until: { $0.hasSuffix("\n") || !daemon.isRunning })
        let address = printed.value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard printed.isDone, daemon.isRunning, !address.isEmpty else {
            daemon.stop()
            throw EndToEndError("dbus-daemon did not start (the Debian package dbus-daemon): \(daemon.log)")
        }
        self.address = address
        self.daemon = daemon
        self.runtimeFolder = runtimeFolder
    }

    /// `base` with this bus as the session bus.
    package func environment(_ base: [String: String]) -> [String: String] {
        var environment = base
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        return environment
    }

    /// Ends the bus. Calling it again does nothing.
    package func stop() {
        daemon.stop()
        try? FileManager.default.removeItem(at: runtimeFolder)
    }
}
