package import Foundation

/// A private tmux server (its own socket, no configuration file) with one window of
/// ``columns``×``lines`` running one command, driven the way a user at a terminal would:
/// keys in, the screen out.
///
/// The server runs in the foreground (`tmux -D`) as a child of the tests, so no tmux client
/// ever forks a daemon (see ``CommandRunner``). The command runs under the pane's shell,
/// which prints ``exitMarker`` and the command's exit status when it ends and then sleeps,
/// so the pane stays open for the screen and the terminal modes to be read after the program
/// has quit. ``shutDown()`` ends the whole server.
package final class TmuxSession {
    /// The window's width in columns.
    package static let columns = 120
    /// The window's height in lines.
    package static let lines = 40
    /// What the pane's shell prints before the command's exit status.
    package static let exitMarker = "sepia-e2e-exit-status="

    /// The terminal modes tmux keeps for the pane.
    package struct PaneModes {
        /// Whether the alternate screen is on.
        package var alternateScreen: Bool
        /// Whether the cursor is shown.
        package var cursorVisible: Bool
        /// The process id of the pane's shell (the command's parent).
        package var shellProcess: pid_t
    }

    /// The tmux program.
    let tmux: URL
    /// A folder of its own for the server's socket (tmux leaves the socket behind).
    private let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("sepia-e2e-\(getpid())-\(UUID().uuidString.prefix(8))")
    /// The server's socket, for every tmux client of this session.
    var socket: String { folder.appendingPathComponent("tmux").path }
    /// The environment of every tmux process of this session (the server's is the program's).
    let environment: [String: String]
    private var server: Process?

    /// A session that runs tmux from `tmux`; nothing starts before ``start(_:environment:)``.
    package init(tmux: URL) {
        self.tmux = tmux
        // Outside any tmux the test runner may be in, and in a UTF-8 locale.
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["TMUX_PANE"] = nil
        if environment["LC_ALL"] == nil && environment["LC_CTYPE"] == nil { environment["LC_CTYPE"] = "C.UTF-8" }
        self.environment = environment
    }

    /// Starts the server with `arguments` (the program first) running in its window, with
    /// `environment` added to the program's.
    package func start(_ arguments: [String], environment: [String: String] = [:]) throws {
        try startServer()
        try openWindow(Self.reportingExit(Self.command(arguments, environment: environment)))
    }

    /// Starts the server as ``start(_:environment:)`` does, but holds the command back until
    /// ``release()``, so that a control client attached meanwhile
    /// (``attachControlClient()``) sees every byte the program writes.
    package func startHeld(_ arguments: [String], environment: [String: String] = [:]) throws {
        try startServer()
        let wait = [tmux.path, "-S", socket, "wait-for", Self.releaseChannel].map(Self.shellQuoted).joined(separator: " ")
        try openWindow(Self.reportingExit("\(wait) && \(Self.command(arguments, environment: environment))"))
    }

    /// Lets the command of ``startHeld(_:environment:)`` start (harmless before the pane waits:
    /// tmux remembers the signal).
    package func release() throws {
        try tmuxCommand(["wait-for", "-S", Self.releaseChannel])
    }

    /// The tmux channel (`wait-for`) a held command waits on.
    private static let releaseChannel = "sepia-release"

    /// `arguments` with `environment` assigned before them, quoted for the pane's shell.
    private static func command(_ arguments: [String], environment: [String: String]) -> String {
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(shellQuoted($0.value))" }
        return (assignments + arguments.map(shellQuoted)).joined(separator: " ")
    }

    /// A script that runs `command`, then prints ``exitMarker`` and its exit status and
    /// stays, so that the pane stays open.
    private static func reportingExit(_ command: String) -> String {
        "\(command); echo \(exitMarker)$?; sleep 600"
    }

    /// Opens the session's window, ``columns`` × ``lines``, running `script` in the pane's shell.
    private func openWindow(_ script: String) throws {
        try tmuxCommand(["new-session", "-d", "-s", Self.sessionName, "-x", "\(Self.columns)", "-y", "\(Self.lines)", script])
    }

    /// What the interactive shell of ``startShell()`` shows as its prompt.
    package static let shellPrompt = "sepia-e2e$ "

    /// Starts the server with an interactive bash in its window (no startup files, no history
    /// file), for tests that need the shell's job control: Ctrl-Z, `fg`, `bg`. Commands are
    /// then typed with ``type(_:)``.
    package func startShell() throws {
        try startServer()
        try openWindow("HISTFILE=/dev/null PS1=\(Self.shellQuoted(Self.shellPrompt)) exec bash --norc --noprofile -i")
    }

    /// Resizes the window to `columns` × `lines`, as a user resizing the terminal would.
    package func resize(columns: Int, lines: Int) throws {
        try tmuxCommand(["resize-window", "-t", paneTarget, "-x", "\(columns)", "-y", "\(lines)"])
    }

    /// Types `line` as it is, then Enter.
    package func type(_ line: String) throws {
        try tmuxCommand(["send-keys", "-t", paneTarget, "-l", line])
        try press("Enter")
    }

    /// Presses keys given by tmux's key names (`Enter`, `Escape`, `PageDown`, `C-f`, `j`).
    package func press(_ keys: String...) throws {
        try tmuxCommand(["send-keys", "-t", paneTarget] + keys)
    }

    /// Types `bytes` into the pane as they are, for sequences tmux has no key name for
    /// (mouse reports).
    package func send(bytes: String) throws {
        let hex = bytes.utf8.map { String(format: "%02x", $0) }
        try tmuxCommand(["send-keys", "-t", paneTarget, "-H"] + hex)
    }

    /// The screen's text, one string a line, without colours.
    package func capture() throws -> PaneSnapshot {
        PaneSnapshot(text: try tmuxCommand(["capture-pane", "-p", "-t", paneTarget]))
    }

    /// The screen with its colours and attributes as escape sequences (24-bit colours come
    /// out exactly as the program wrote them).
    package func captureWithColors() throws -> String {
        try tmuxCommand(["capture-pane", "-p", "-e", "-t", paneTarget])
    }

    /// The pane's terminal modes and shell.
    package func modes() throws -> PaneModes {
        let text = try tmuxCommand(["display-message", "-p", "-t", paneTarget, "#{alternate_on} #{cursor_flag} #{pane_pid}"])
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count == 3, let shell = pid_t(fields[2]) else {
            throw EndToEndError("tmux display-message printed \(text.debugDescription), not three fields.")
        }
        return PaneModes(alternateScreen: fields[0] == "1", cursorVisible: fields[1] == "1", shellProcess: shell)
    }

    /// The window's size in columns and lines.
    package func windowSize() throws -> (columns: Int, lines: Int) {
        let text = try tmuxCommand(["display-message", "-p", "-t", paneTarget, "#{window_width} #{window_height}"])
        let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard fields.count == 2 else {
            throw EndToEndError("tmux display-message printed \(text.debugDescription), not a width and a height.")
        }
        return (fields[0], fields[1])
    }

    /// Ends the tmux server and everything running in it, and removes its socket; harmless
    /// when it never started.
    package func shutDown() {
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let server else { return }
        self.server = nil
        _ = try? CommandRunner.run(tmux, ["-S", socket, "kill-server"], environment: environment)
        Polling.wait(every: Self.pollInterval, for: 10) { !server.isRunning }
        if server.isRunning { kill(server.processIdentifier, SIGKILL) }
    }

    /// Starts the server in the foreground and waits until it answers.
    private func startServer() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = tmux
        process.arguments = ["-u", "-D", "-S", socket, "-f", "/dev/null"]
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        server = process
        // list-sessions never starts a server, so it fails until this one listens.
        let isListening = try Polling.read(
            every: Self.pollInterval, for: Self.waitTimeout,
            {
                try CommandRunner.run(tmux, ["-S", socket, "list-sessions"], environment: environment).status == 0
            }, until: { $0 || !process.isRunning }
        ).value
        guard isListening else {
            throw EndToEndError("The tmux server on socket \(socket) did not start (running: \(process.isRunning)).")
        }
    }

    /// The session's name; with one window of one pane it names the pane too.
    static let sessionName = "sepia"

    /// What names the pane in a tmux command.
    var paneTarget: String { Self.sessionName }

    /// Runs a tmux client command on this session's server and returns what it printed.
    @discardableResult
    func tmuxCommand(_ arguments: [String]) throws -> String {
        let result = try CommandRunner.run(tmux, ["-u", "-S", socket] + arguments, environment: environment)
        guard result.status == 0 else {
            throw EndToEndError("tmux \(arguments.joined(separator: " ")) failed (status \(result.status)): \(result.errorOutput)")
        }
        return result.output
    }

    /// `text` quoted for a POSIX shell.
    package static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
