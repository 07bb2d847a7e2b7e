#ifndef SEPIA_REFERENCE_H
#define SEPIA_REFERENCE_H
/* Plain C versions of Sepia's hot loops, built with -O3 -march=native: the yardsticks the
   benchmark measures the Swift code against. */
#include <stddef.h>
#include <stdint.h>

/* Applies a row-major 3x3 colour matrix to `pixel_count` RGBA pixels in place, in single
   precision, clamping at 255 and rounding to nearest: the arithmetic of Sepia's Swift kernel,
   so the outputs must be identical. `pixels` must be 4-byte aligned. */
void sepia_reference_color_matrix(uint8_t *pixels, size_t pixel_count, const float matrix[9]);

/* The same matrix as it is usually written: byte by byte, rounding with +0.5 and a cast. */
void sepia_reference_color_matrix_textbook(uint8_t *pixels, size_t pixel_count, const float matrix[9]);

/* Decodes a JPEG held in memory to RGBA with libjpeg-turbo, at 1/`scale_denom` size
   (1, 2, 4 or 8). Returns 0 on success and writes the size; `output` must hold the
   scaled width * height * 4 bytes (pass NULL to learn the size first). */
int sepia_reference_decode_jpeg(const uint8_t *data, size_t size, int scale_denom,
                                uint8_t *output, int *width, int *height);
#endif
