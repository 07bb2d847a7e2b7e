#ifndef SEPIA_CODECS_H
#define SEPIA_CODECS_H

/*
 * C shim over libjpeg-turbo (classic libjpeg API), libpng, libwebp, giflib, libtiff, libheif and libjxl,
 * and glibc malloc's settings for image buffers.
 *
 * libjpeg and libpng report fatal errors by longjmp (the other libraries return error codes). Every setjmp of the shim sits in the C function
 * that makes the library calls, so a longjmp never crosses a Swift frame; Swift only sees status
 * codes and messages.
 */
#include "sepia_color.h"
#include "sepia_diagnostics.h"
#include "sepia_heap.h"
#include "sepia_jpeg.h"
#include "sepia_png.h"
#include "sepia_webp.h"
#include "sepia_gif.h"
#include "sepia_tiff.h"
#include "sepia_heif.h"
#include "sepia_jxl.h"

#endif
