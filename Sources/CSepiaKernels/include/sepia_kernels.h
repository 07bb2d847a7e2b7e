#ifndef SEPIA_KERNELS_H
#define SEPIA_KERNELS_H

/*
 * Pixel kernels in C, over plain buffers and no library: resampling rows for resizing, and the
 * colour matrix applied to YCbCr 4:2:0 planes. The C shims over image libraries are CSepiaCodecs.
 */
#include "sepia_resample.h"
#include "sepia_ycbcr_matrix.h"

#endif
