import Foundation
import SepiaTestSupport

/// One program under measurement (`sepia demo`, or `cat` for tmux's own delay) in a tmux
/// session of its own, its standard error in a file so that a crash report does not draw over
/// the screen being measured.
final class BrowserPane {
    /// The tmux session the program runs in.
    let session: TmuxSession
    /// Names the measurement in file names.
    private let label: String
    private let errorFile: URL
    private let cleanup: InterruptionCleanup
    private let cleanupKey: Int

    /// A session for the measurement `label`, not started yet; files go into `workFolder`.
    init(label: String, workFolder: URL, cleanup: InterruptionCleanup) throws {
        let session = TmuxSession(tmux: try TmuxSession.findTmux())
        self.session = session
        self.label = label
        self.cleanup = cleanup
        errorFile = workFolder.appendingPathComponent("stderr-\(label).txt")
        cleanupKey = cleanup.add { session.shutDown() }
    }

    deinit {
        shutDown()
    }

    /// Starts `arguments` (the program first) with `environment` added to its own; `held`:
    /// not before ``TmuxSession/release()`` (see ``TmuxSession/startHeld(_:environment:)``).
    func start(_ arguments: [String], environment: [String: String] = [:], held: Bool = false) throws {
        let redirected = ["sh", "-c", "exec \"$@\" 2>\"$0\"", errorFile.path] + arguments
        if held {
            try session.startHeld(redirected, environment: environment)
        } else {
            try session.start(redirected, environment: environment)
        }
    }

    /// How the program ended, with its fatal error and frames when it crashed ("exit status
    /// 0" after a clean exit); its standard error is kept in the temporary folder.
    func crashReport(exitStatus: Int32) -> String {
        let standardError = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        guard exitStatus != 0 else { return "exit status 0" }
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-bench-\(getpid())-\(label)-stderr.txt")
        try? FileManager.default.removeItem(at: kept)
        let isKept = (try? FileManager.default.copyItem(at: errorFile, to: kept)) != nil
        return CrashReport.summary(exitStatus: exitStatus, standardError: standardError, keptAt: isKept ? kept : nil)
    }

    /// - Throws: ``EndToEndError`` with the crash report when `screen` shows that the program
    ///   has ended (it was not asked to).
    func checkAlive(_ screen: PaneSnapshot) throws {
        guard let status = screen.exitStatus else { return }
        throw EndToEndError("the app ended unexpectedly: \(crashReport(exitStatus: status))")
    }

    /// Captures the screen every `interval` until `isReady` accepts it; nil when `timeout`
    /// passes first.
    ///
    /// - Throws: ``EndToEndError`` when the program ends meanwhile.
    func waitForScreen(
        for timeout: TimeInterval, every interval: TimeInterval = 0.05, until isReady: (PaneSnapshot) -> Bool
    ) throws -> PaneSnapshot? {
        let (screen, ready) = try session.captureScreen(every: interval, for: timeout) { $0.exitStatus != nil || isReady($0) }
        try checkAlive(screen)
        return ready ? screen : nil
    }

    /// Waits until the screen is settled, the network light off and the status bar unchanged
    /// for 2 s (at most `timeout`); returns whether it came to rest.
    @discardableResult
    func settle(for timeout: TimeInterval) throws -> Bool {
        var lastStatus: String?
        var since = Date()
        let (screen, rested) = try session.captureScreen(every: 0.1, for: timeout) { screen in
            guard screen.exitStatus == nil, screen.statusBar == lastStatus else {
                lastStatus = screen.statusBar
                since = Date()
                return screen.exitStatus != nil
            }
            return screen.isSettled && screen.isNetworkIdle && Date().timeIntervalSince(since) >= 2
        }
        try checkAlive(screen)
        return rested
    }

    /// Presses q, waits up to `timeout` for the app to exit and reads its `--stats-file`.
    ///
    /// - Throws: ``EndToEndError`` when it does not exit, or exits with another status than 0.
    func quitAndReadStats(from file: URL, timeout: TimeInterval = 20) throws -> BrowserStats {
        try session.press("q")
        let (screen, exited) = try session.captureScreen(for: timeout) { $0.exitStatus != nil }
        guard exited, let status = screen.exitStatus else {
            throw EndToEndError("the app did not exit within \(Int(timeout)) s of q:\n\(screen.text)")
        }
        guard status == 0 else { throw EndToEndError("the app exited with status \(status):\n\(screen.text)") }
        return try BrowserStats(contentsOf: file)
    }

    /// Ends the tmux session and the program in it.
    func shutDown() {
        session.shutDown()
        cleanup.remove(cleanupKey)
    }
}
