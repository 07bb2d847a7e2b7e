#ifndef SEPIA_LIBRARY_H
#define SEPIA_LIBRARY_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "sepia_diagnostics_internal.h"

/*
 * A codec library loaded with dlopen when a file first needs it, rather than linked: every
 * library linked is loaded, relocated and initialised at each start of `sepia`, whether or not
 * the run reads that format (TRAPS.md, "Start-up").
 *
 * Each library defines one, statically, with SEPIA_LIBRARY(...): its soname, the names of the
 * functions Sepia calls, and `install`, which stores what dlsym found (in `names`' order) in the
 * library's typed table and initialises the library if it must be. The rest is this file's state.
 */
typedef struct sepia_library {
    const char *file;
    const char *const *names;
    size_t count;
    void (*install)(void *const *found);
    pthread_mutex_t lock;
    bool tried;
    bool loaded;
    char failure[SEPIA_MESSAGE_CAPACITY];
} sepia_library;

/* A sepia_library for `file` (a soname) with `names` (an array) and `install`. */
#define SEPIA_LIBRARY(file, names, install) \
    {file, names, sizeof names / sizeof *names, install, PTHREAD_MUTEX_INITIALIZER, false, false, ""}

/*
 * Loads `library` once for the whole process (the first decoders may start on several threads at
 * the same time); it stays loaded until the process ends. Returns false, with the reason in
 * `diagnostics` (SEPIA_STATUS_UNSUPPORTED for the caller), when the library cannot be loaded or
 * lacks one of its functions: then every later call says the same.
 */
bool sepia_library_start(sepia_library *library, sepia_diagnostics *diagnostics);

#endif
