#include "sepia_tiff_library.h"

#include <pthread.h>

#include "sepia_library.h"

struct sepia_tiff_functions libtiff;

#define SEPIA_TIFF_NAME(name) #name,
static const char *const names[] = {SEPIA_TIFF_FUNCTIONS(SEPIA_TIFF_NAME)};
#undef SEPIA_TIFF_NAME
enum { function_count = sizeof names / sizeof *names };

static pthread_once_t started = PTHREAD_ONCE_INIT;
static bool loaded;
static char failure[SEPIA_MESSAGE_CAPACITY];

static void start(void) {
    /* Debian 12's libtiff6 (the soname of libtiff 4.5). */
    void *found[function_count];
    if (!sepia_library_open("libtiff.so.6", names, found, function_count, failure, sizeof failure)) return;
    size_t index = 0;
#define SEPIA_TIFF_SET(name) libtiff.name = (__typeof__(name) *)found[index++];
    SEPIA_TIFF_FUNCTIONS(SEPIA_TIFF_SET)
#undef SEPIA_TIFF_SET
    loaded = true;
}

bool sepia_tiff_library_start(sepia_diagnostics *diagnostics) {
    pthread_once(&started, start);
    if (!loaded) sepia_diagnostics_set_error(diagnostics, failure);
    return loaded;
}
