#include "sepia_codecs.h"
int sepia_codecs_version(void) { return 1; }
