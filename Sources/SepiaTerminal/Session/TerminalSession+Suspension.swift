import Foundation
import SepiaLocking

extension TerminalSession {
    /// Gives the terminal back for a while, before the program stops itself (Ctrl-Z,
    /// SIGTSTP): as `restore()` does, it leaves the session's screen, shows the cursor, puts
    /// the saved settings back and takes down the crash handlers; writes are then dropped until
    /// `resume()`. Does nothing unless the session is active.
    public func suspend() {
        guarded.withLock { guarded in
            guard guarded.state == .active else { return }
            guarded.state = .suspended
            giveBack(cleanup: guarded.pictureCleanup)
        }
    }

    /// Takes the terminal again after the process was stopped and continued (`fg`): raw mode,
    /// the alternate screen, the hidden cursor and mouse reports as `start` set them, and the
    /// crash restore armed again. The screen is blank afterwards: redraw all of it.
    ///
    /// Call it on every SIGCONT, also when the session was not suspended: a process stopped
    /// by a signal it did not choose (SIGSTOP, SIGTTIN) finds the settings the shell put back
    /// while it was stopped. Does nothing once the session is restored.
    ///
    /// When the process was continued in the background (`bg`), it stops itself again with
    /// SIGTTOU ("Stopped (tty output)") until the shell brings it to the foreground: nothing is
    /// drawn over the shell, and nothing waits. The kernel would not do it by itself here:
    /// setting the terminal from the background raises SIGTTOU only in a thread that does not
    /// block it, and GCD's worker threads, which run the main queue's work after
    /// `dispatchMain()`, block every signal.
    public func resume() {
        guarded.withLock { guarded in
            guard guarded.state != .restored else { return }
            stopWhileInTheBackground()
            var raw = RawMode.applied(to: savedSettings)
            tcsetattr(inputFileDescriptor, TCSADRAIN, &raw)
            if guarded.state == .suspended {
                // Only fails when another session was started meanwhile; this one then draws
                // without a crash restore rather than not at all.
                try? Self.armCrashRestore(
                    input: inputFileDescriptor, output: outputFileDescriptor, saved: savedSettings, cleanup: guarded.pictureCleanup)
            }
            guarded.state = .active
            FileDescriptorWriter.writeAll(Self.enterSequence(mouse: mouse), to: outputFileDescriptor)
            errorOutput.divert()
        }
    }

    /// Stops the process until its process group is the terminal's foreground group (no wait
    /// when the terminal has none, or is not the controlling terminal).
    private func stopWhileInTheBackground() {
        while true {
            let foreground = tcgetpgrp(inputFileDescriptor)
            guard foreground > 0, foreground != getpgrp() else { return }
            // The stop comes when a thread that does not block the signal takes it, maybe
            // a moment after `kill` returns: the loop asks again until the process is back in
            // the foreground. SIGSTOP when SIGTTOU is ignored, which would make this spin.
            kill(getpid(), Self.isIgnored(SIGTTOU) ? SIGSTOP : SIGTTOU)
            usleep(1_000)
        }
    }

    private static func isIgnored(_ number: Int32) -> Bool {
        var action = sigaction()
        sigaction(number, nil, &action)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
