import CSepiaTerminal
import Glibc

/// Standard error kept off a session's screen. A library may print its own diagnostics there
/// (Debian's libjxl prints a line for each damaged file), and on the terminal they would land
/// in the middle of a frame; the program reports such failures in its own rows anyway.
///
/// Only a terminal is diverted, to `/dev/null`: an error output the user sent to a file or a
/// pipe keeps everything. Given back (suspension, restore, a crash or `exit`), it writes where
/// it wrote before. Each call is one `dup2`, atomic for the threads that write meanwhile.
struct ErrorOutputDiversion: Sendable {
    /// The descriptor diverted, standard error unless a test names another.
    let descriptor: Int32
    /// A duplicate of the descriptor as it was before the session, or -1 when it is not a
    /// terminal (nothing is diverted).
    private let saved: Int32

    init(descriptor: Int32) {
        self.descriptor = descriptor
        saved = isatty(descriptor) == 1 ? fcntl(descriptor, F_DUPFD_CLOEXEC, 0) : -1
    }

    /// Sends what is written to the descriptor to `/dev/null`, and tells the crash restore
    /// where to put it back.
    func divert() {
        guard saved >= 0 else { return }
        let sink = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard sink >= 0 else { return }
        dup2(sink, descriptor)
        close(sink)
        sepia_terminal_crash_set_error_restore(descriptor, saved)
    }

    /// Puts the descriptor back where it wrote before the session.
    func giveBack() {
        guard saved >= 0 else { return }
        sepia_terminal_crash_set_error_restore(-1, -1)
        dup2(saved, descriptor)
    }

    /// Gives the descriptor back for good and closes the duplicate.
    func end() {
        giveBack()
        if saved >= 0 { close(saved) }
    }
}
