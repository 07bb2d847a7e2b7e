import Foundation

/// A private tmux server (its own socket, no configuration file) with one window of
/// ``columns``×``lines`` running one command, driven the way a user at a terminal would:
/// keys in, the screen out.
///
/// The server runs in the foreground (`tmux -D`) as a child of the tests, so no tmux client
/// ever forks a daemon (see ``CommandRunner``). The command runs under the pane's shell,
/// which prints ``exitMarker`` and the command's exit status when it ends and then sleeps,
/// so the pane stays open for the screen and the terminal modes to be read after the program
/// has quit. ``shutDown()`` ends the whole server.
final class TmuxSession {
    /// The window's width in columns.
    static let columns = 120
    /// The window's height in lines.
    static let lines = 40
    /// What the pane's shell prints before the command's exit status.
    static let exitMarker = "sepia-e2e-exit-status="

    /// The terminal modes tmux keeps for the pane.
    struct PaneModes {
        /// Whether the alternate screen is on.
        var alternateScreen: Bool
        /// Whether the cursor is shown.
        var cursorVisible: Bool
        /// The process id of the pane's shell (the command's parent).
        var shellProcess: pid_t
    }

    private let tmux: URL
    /// A folder of its own for the server's socket (tmux leaves the socket behind).
    private let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("sepia-e2e-\(getpid())-\(UUID().uuidString.prefix(8))")
    private var socket: String { folder.appendingPathComponent("tmux").path }
    private let environment: [String: String]
    private var server: Process?

    /// A session that runs tmux from `tmux`; nothing starts before ``start(_:environment:)``.
    init(tmux: URL) {
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
    func start(_ arguments: [String], environment: [String: String] = [:]) throws {
        try startServer()
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.shellQuoted($0.value))" }
        let command = (assignments + arguments.map(Self.shellQuoted)).joined(separator: " ")
        let script = "\(command); echo \(Self.exitMarker)$?; sleep 600"
        try tmuxCommand(["new-session", "-d", "-s", Self.sessionName, "-x", "\(Self.columns)", "-y", "\(Self.lines)", script])
    }

    /// What the interactive shell of ``startShell()`` shows as its prompt.
    static let shellPrompt = "sepia-e2e$ "

    /// Starts the server with an interactive bash in its window (no startup files, no history
    /// file), for tests that need the shell's job control: Ctrl-Z, `fg`, `bg`. Commands are
    /// then typed with ``type(_:)``.
    func startShell() throws {
        try startServer()
        let shell = "HISTFILE=/dev/null PS1=\(Self.shellQuoted(Self.shellPrompt)) exec bash --norc --noprofile -i"
        try tmuxCommand(["new-session", "-d", "-s", Self.sessionName, "-x", "\(Self.columns)", "-y", "\(Self.lines)", shell])
    }

    /// Resizes the window to `columns` × `lines`, as a user resizing the terminal would.
    func resize(columns: Int, lines: Int) throws {
        try tmuxCommand(["resize-window", "-t", paneTarget, "-x", "\(columns)", "-y", "\(lines)"])
    }

    /// Types `line` as it is, then Enter.
    func type(_ line: String) throws {
        try tmuxCommand(["send-keys", "-t", paneTarget, "-l", line])
        try press("Enter")
    }

    /// Presses keys given by tmux's key names (`Enter`, `Escape`, `PageDown`, `C-f`, `j`).
    func press(_ keys: String...) throws {
        try tmuxCommand(["send-keys", "-t", paneTarget] + keys)
    }

    /// Types `bytes` into the pane as they are, for sequences tmux has no key name for
    /// (mouse reports).
    func send(bytes: String) throws {
        let hex = bytes.utf8.map { String(format: "%02x", $0) }
        try tmuxCommand(["send-keys", "-t", paneTarget, "-H"] + hex)
    }

    /// The screen's text, one string a line, without colours.
    func capture() throws -> PaneSnapshot {
        PaneSnapshot(text: try tmuxCommand(["capture-pane", "-p", "-t", paneTarget]))
    }

    /// The screen with its colours and attributes as escape sequences (24-bit colours come
    /// out exactly as the program wrote them).
    func captureWithColors() throws -> String {
        try tmuxCommand(["capture-pane", "-p", "-e", "-t", paneTarget])
    }

    /// The pane's terminal modes and shell.
    func modes() throws -> PaneModes {
        let text = try tmuxCommand(["display-message", "-p", "-t", paneTarget, "#{alternate_on} #{cursor_flag} #{pane_pid}"])
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count == 3, let shell = pid_t(fields[2]) else {
            throw EndToEndError("tmux display-message printed \(text.debugDescription), not three fields.")
        }
        return PaneModes(alternateScreen: fields[0] == "1", cursorVisible: fields[1] == "1", shellProcess: shell)
    }

    /// Ends the tmux server and everything running in it, and removes its socket; harmless
    /// when it never started.
    func shutDown() {
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let server else { return }
        self.server = nil
        _ = try? CommandRunner.run(tmux, ["-S", socket, "kill-server"], environment: environment)
        let deadline = Date(timeIntervalSinceNow: 10)
        while server.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: Self.pollInterval) }
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
        let deadline = Date(timeIntervalSinceNow: Self.waitTimeout)
        while try CommandRunner.run(tmux, ["-S", socket, "list-sessions"], environment: self.environment).status != 0 {
            guard process.isRunning, Date() < deadline else {
                throw EndToEndError("The tmux server on socket \(socket) did not start (running: \(process.isRunning)).")
            }
            Thread.sleep(forTimeInterval: Self.pollInterval)
        }
    }

    /// The session's name; with one window of one pane it names the pane too.
    private static let sessionName = "sepia"

    private var paneTarget: String { Self.sessionName }

    @discardableResult
    private func tmuxCommand(_ arguments: [String]) throws -> String {
        let result = try CommandRunner.run(tmux, ["-u", "-S", socket] + arguments, environment: environment)
        guard result.status == 0 else {
            throw EndToEndError("tmux \(arguments.joined(separator: " ")) failed (status \(result.status)): \(result.errorOutput)")
        }
        return result.output
    }

    /// `text` quoted for a POSIX shell.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
