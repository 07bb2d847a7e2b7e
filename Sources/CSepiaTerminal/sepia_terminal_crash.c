#include "sepia_terminal.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The synchronous crash signals; SIGINT, SIGTERM and SIGWINCH are the application's. */
static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
#define CRASH_SIGNAL_COUNT (sizeof crash_signals / sizeof crash_signals[0])

/* Install and uninstall run under this lock; the handlers only read what it publishes. */
static pthread_mutex_t install_lock = PTHREAD_MUTEX_INITIALIZER;
static bool installed;
static bool exit_hook_registered;
static struct sigaction previous_actions[CRASH_SIGNAL_COUNT];

/* Written before `armed` is set and read only after it is taken back, so never torn. */
static int restore_input_fd = -1;
static int restore_output_fd = -1;
static struct termios restore_termios;
static uint8_t restore_bytes[SEPIA_TERMINAL_RESTORE_CAPACITY];
static size_t restore_length;
static atomic_int armed;
/* Standard error as it was before the session diverted it (-1: not diverted), put back first. */
static atomic_int restore_error_fd = -1;
static atomic_int saved_error_fd = -1;

void sepia_terminal_crash_set_error_restore(int error_fd, int saved_fd) {
    atomic_store(&saved_error_fd, saved_fd);
    atomic_store(&restore_error_fd, error_fd);
}

/* Writes all bytes, retrying interrupted writes; gives up on any error (EAGAIN included:
 * a dying process must not spin on a terminal that does not read). */
static void write_fully(int fd, const uint8_t *bytes, size_t length) {
    while (length > 0) {
        ssize_t written = write(fd, bytes, length);
        if (written < 0) {
            if (errno == EINTR) continue;
            return;
        }
        bytes += written;
        length -= (size_t)written;
    }
}

void sepia_terminal_crash_restore_now(void) {
    if (atomic_exchange(&armed, 0) == 0) return;
    int saved_errno = errno;
    const int error_fd = atomic_load(&restore_error_fd), saved = atomic_load(&saved_error_fd);
    if (error_fd >= 0 && saved >= 0) dup2(saved, error_fd);
    write_fully(restore_output_fd, restore_bytes, restore_length);
    tcsetattr(restore_input_fd, TCSANOW, &restore_termios);
    errno = saved_errno;
}

static const struct sigaction *previous_action_for(int signal_number) {
    for (size_t index = 0; index < CRASH_SIGNAL_COUNT; index++) {
        if (crash_signals[index] == signal_number) return &previous_actions[index];
    }
    return NULL;
}

/*
 * Restores the terminal, then hands the signal to whoever had it before. If that handler
 * returns, the default action finishes the process with the same signal.
 */
static void crash_handler(int signal_number) {
    static const struct sigaction default_action = { .sa_handler = SIG_DFL };
    sepia_terminal_crash_restore_now();
    const struct sigaction *previous = previous_action_for(signal_number);
    if (previous != NULL) sigaction(signal_number, previous, NULL);
    raise(signal_number);
    sigaction(signal_number, &default_action, NULL);
    raise(signal_number);
}

static void exit_hook(void) {
    sepia_terminal_crash_restore_now();
}

int sepia_terminal_crash_install(int input_fd, int output_fd, const struct termios *saved,
                                 const uint8_t *bytes, size_t length) {
    if (length > SEPIA_TERMINAL_RESTORE_CAPACITY) return EINVAL;
    pthread_mutex_lock(&install_lock);
    if (installed) {
        pthread_mutex_unlock(&install_lock);
        return EBUSY;
    }
    restore_input_fd = input_fd;
    restore_output_fd = output_fd;
    restore_termios = *saved;
    memcpy(restore_bytes, bytes, length);
    restore_length = length;
    atomic_store(&armed, 1);

    /*
     * SA_RESETHAND: a second fault inside the handler gets the default action. SA_NODEFER:
     * the re-raised signal is delivered at once. SA_ONSTACK: a stack overflow can still run
     * the handler when the thread has an alternate signal stack.
     */
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = crash_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND | SA_NODEFER | SA_ONSTACK;
    for (size_t index = 0; index < CRASH_SIGNAL_COUNT; index++) {
        sigaction(crash_signals[index], &action, &previous_actions[index]);
    }
    if (!exit_hook_registered) exit_hook_registered = atexit(exit_hook) == 0;
    installed = true;
    pthread_mutex_unlock(&install_lock);
    return 0;
}

void sepia_terminal_crash_uninstall(void) {
    pthread_mutex_lock(&install_lock);
    if (installed) {
        for (size_t index = 0; index < CRASH_SIGNAL_COUNT; index++) {
            sigaction(crash_signals[index], &previous_actions[index], NULL);
        }
        atomic_store(&armed, 0);
        installed = false;
    }
    pthread_mutex_unlock(&install_lock);
}
