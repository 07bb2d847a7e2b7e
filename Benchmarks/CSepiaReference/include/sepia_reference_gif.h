#ifndef SEPIA_REFERENCE_GIF_H
#define SEPIA_REFERENCE_GIF_H
/* giflib called the way a C program calls it (DGifSlurp, then the first frame through its
   palette): the yardstick of `sepia-bench codecs`, and the benchmark's GIF input. */
#include <stddef.h>
#include <stdint.h>

/* Decodes the first frame of a GIF held in memory onto an RGBA screen (transparent where the
   frame does not cover it or uses its transparent index). Returns 0 on success and writes the
   screen size; `output` must hold width * height * 4 bytes (pass NULL to learn the size first). */
int sepia_reference_decode_gif(const uint8_t *data, size_t size, uint8_t *output, int *width, int *height);

/* Encodes RGBA pixels (alpha ignored) as a one-frame GIF over a fixed 6x6x6 colour cube and 40
   greys, nearest colour per pixel, without dithering. Returns the length of the malloc'd bytes in
   `*output` (0 on failure). Benchmark input, not a yardstick. */
size_t sepia_reference_encode_gif(const uint8_t *rgba, int width, int height, uint8_t **output);
#endif
