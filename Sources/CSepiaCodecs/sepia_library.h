#ifndef SEPIA_LIBRARY_H
#define SEPIA_LIBRARY_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Loads a codec library with dlopen when a file first needs it, rather than linking it: every
 * library linked is loaded, relocated and initialised at each start of `sepia`, whether or not
 * the run reads that format (see DESIGN.md, Start-up).
 *
 * Opens `file` (a soname) and looks up each of the `count` functions `names` into `functions`.
 * Returns false, with the reason in `failure` (`failure_size` bytes), when the library cannot be
 * loaded or lacks one of them. The library stays loaded until the process ends.
 */
bool sepia_library_open(const char *file, const char *const *names, void **functions, size_t count, char *failure,
                        size_t failure_size);

#endif
