#include "sepia_heif_library.h"

#include <pthread.h>

#include <libheif/heif.h>

static pthread_once_t started = PTHREAD_ONCE_INIT;

static void start(void) {
    (void)heif_init(NULL);
}

void sepia_heif_library_start(void) {
    pthread_once(&started, start);
}
