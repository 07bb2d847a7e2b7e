#include "sepia_jxl_library.h"

#include "sepia_library.h"

struct sepia_jxl_functions libjxl;

#define SEPIA_JXL_NAME(name) #name,
static const char *const names[] = {SEPIA_JXL_FUNCTIONS(SEPIA_JXL_NAME)};
#undef SEPIA_JXL_NAME

static void install(void *const *found) {
    size_t index = 0;
#define SEPIA_JXL_SET(name) libjxl.name = (__typeof__(name) *)found[index++];
    SEPIA_JXL_FUNCTIONS(SEPIA_JXL_SET)
#undef SEPIA_JXL_SET
}

/* Debian 12's libjxl0.7: libjxl changes its soname with each minor release before 1.0. */
static sepia_library library = SEPIA_LIBRARY("libjxl.so.0.7", names, install);

bool sepia_jxl_library_start(sepia_diagnostics *diagnostics) {
    return sepia_library_start(&library, diagnostics);
}
