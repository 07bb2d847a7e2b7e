#include "sepia_heif_library.h"

#include <pthread.h>

#include "sepia_library.h"

struct sepia_heif_functions libheif;

#define SEPIA_HEIF_NAME(name) #name,
static const char *const names[] = {SEPIA_HEIF_FUNCTIONS(SEPIA_HEIF_NAME)};
#undef SEPIA_HEIF_NAME
enum { function_count = sizeof names / sizeof *names };

static pthread_once_t started = PTHREAD_ONCE_INIT;
static bool loaded;
static char failure[SEPIA_MESSAGE_CAPACITY];

static void start(void) {
    /* Debian's libheif1; libheif's ABI has had soname 1 since its first release. */
    void *found[function_count];
    if (!sepia_library_open("libheif.so.1", names, found, function_count, failure, sizeof failure)) return;
    size_t index = 0;
#define SEPIA_HEIF_SET(name) libheif.name = (__typeof__(name) *)found[index++];
    SEPIA_HEIF_FUNCTIONS(SEPIA_HEIF_SET)
#undef SEPIA_HEIF_SET
    (void)libheif.heif_init(NULL);
    loaded = true;
}

bool sepia_heif_library_start(sepia_diagnostics *diagnostics) {
    pthread_once(&started, start);
    if (!loaded) sepia_diagnostics_set_error(diagnostics, failure);
    return loaded;
}
