#include "sepia_tiff_library.h"

#include "sepia_library.h"

struct sepia_tiff_functions libtiff;

#define SEPIA_TIFF_NAME(name) #name,
static const char *const names[] = {SEPIA_TIFF_FUNCTIONS(SEPIA_TIFF_NAME)};
#undef SEPIA_TIFF_NAME

static void install(void *const *found) {
    size_t index = 0;
#define SEPIA_TIFF_SET(name) libtiff.name = (__typeof__(name) *)found[index++];
    SEPIA_TIFF_FUNCTIONS(SEPIA_TIFF_SET)
#undef SEPIA_TIFF_SET
}

/* Debian 12's libtiff6 (the soname of libtiff 4.5). */
static sepia_library library = SEPIA_LIBRARY("libtiff.so.6", names, install);

bool sepia_tiff_library_start(sepia_diagnostics *diagnostics) {
    return sepia_library_start(&library, diagnostics);
}
