#ifndef SEPIA_TERMINAL_H
#define SEPIA_TERMINAL_H

#include <stddef.h>
#include <stdint.h>
#include <termios.h>

/* Longest restore byte string the crash handlers keep. */
#define SEPIA_TERMINAL_RESTORE_CAPACITY 256

/*
 * Arms the crash restore for one terminal session: on SIGSEGV, SIGBUS, SIGILL, SIGFPE,
 * SIGABRT or SIGTRAP, and at exit(), `restore_bytes` are written to `output_fd` and `saved`
 * is set back on `input_fd`. A crash signal is then passed on to the handler that was there
 * before (the default action, or the Swift runtime's backtracer), so the process still dies
 * of that signal. Everything is copied, so the arguments need not outlive the call.
 *
 * Returns 0, EBUSY when a session is already armed, or EINVAL when the bytes do not fit in
 * SEPIA_TERMINAL_RESTORE_CAPACITY.
 */
int sepia_terminal_crash_install(int input_fd, int output_fd, const struct termios *saved,
                                 const uint8_t *restore_bytes, size_t length);

/* Puts the previous signal handlers back and disarms the restore. Harmless when not armed. */
void sepia_terminal_crash_uninstall(void);

/*
 * While a session diverts standard error (`error_fd`) away from the terminal, `saved_fd` is
 * where it went before: the crash restore puts it back first, so that a crash report lands on
 * the normal screen. (-1, -1) when nothing is diverted. Async-signal-safe to read.
 */
void sepia_terminal_crash_set_error_restore(int error_fd, int saved_fd);

/*
 * What the handlers and the exit hook do: when armed, disarm, write the restore bytes and
 * set the saved termios back (TCSANOW, so a dying process never waits on the terminal).
 * Async-signal-safe; only the first call after arming does anything.
 */
void sepia_terminal_crash_restore_now(void);

#endif
