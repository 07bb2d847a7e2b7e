#ifndef SEPIA_REFERENCE_WEBP_H
#define SEPIA_REFERENCE_WEBP_H
/* libwebp called the way a C program calls it (the simple API): the yardsticks of
   `sepia-bench codecs`. */
#include <stddef.h>
#include <stdint.h>

/* Decodes a still WebP held in memory to RGBA with WebPDecodeRGBAInto. Returns 0 on success and
   writes the size; `output` must hold width * height * 4 bytes (pass NULL to learn the size
   first, with WebPGetInfo). */
int sepia_reference_decode_webp(const uint8_t *data, size_t size, uint8_t *output, int *width, int *height);

/* Encodes RGBA pixels as lossy WebP at `quality` with WebPEncodeRGBA. Returns the length of the
   bytes in `*output` (0 on failure), to be freed with sepia_reference_free_webp. */
size_t sepia_reference_encode_webp(const uint8_t *rgba, int width, int height, int stride, float quality,
                                   uint8_t **output);

/* Frees bytes returned by sepia_reference_encode_webp. */
void sepia_reference_free_webp(uint8_t *bytes);
#endif
