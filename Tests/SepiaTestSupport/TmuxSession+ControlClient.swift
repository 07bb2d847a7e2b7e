import Foundation

extension TmuxSession {
    /// Attaches a control-mode client to the session, as large as the window (``columns`` ×
    /// ``lines``), once tmux has answered it. Attach it after ``startHeld(_:environment:)`` and
    /// before ``release()`` to see every byte the program writes.
    package func attachControlClient() throws -> TmuxControlClient {
        let pane = try tmuxCommand(["display-message", "-p", "-t", paneTarget, "#{pane_id}"])
        return try TmuxControlClient(
            tmux: tmux, arguments: ["-u", "-S", socket, "-C", "attach-session", "-t", Self.sessionName],
            environment: environment, pane: pane.trimmingCharacters(in: .whitespacesAndNewlines),
            columns: Self.columns, lines: Self.lines)
    }
}
