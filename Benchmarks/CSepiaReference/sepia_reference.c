#include "sepia_reference.h"
int sepia_reference_placeholder(void) { return 0; }
