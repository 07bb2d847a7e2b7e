#include "sepia_heif_library.h"

#include "sepia_library.h"

struct sepia_heif_functions libheif;

#define SEPIA_HEIF_NAME(name) #name,
static const char *const names[] = {SEPIA_HEIF_FUNCTIONS(SEPIA_HEIF_NAME)};
#undef SEPIA_HEIF_NAME

static void install(void *const *found) {
    size_t index = 0;
#define SEPIA_HEIF_SET(name) libheif.name = (__typeof__(name) *)found[index++];
    SEPIA_HEIF_FUNCTIONS(SEPIA_HEIF_SET)
#undef SEPIA_HEIF_SET
    (void)libheif.heif_init(NULL);
}

/* Debian's libheif1; libheif's ABI has had soname 1 since its first release. */
static sepia_library library = SEPIA_LIBRARY("libheif.so.1", names, install);

bool sepia_heif_library_start(sepia_diagnostics *diagnostics) {
    return sepia_library_start(&library, diagnostics);
}
