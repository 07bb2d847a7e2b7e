#ifndef SEPIA_REFERENCE_FORMATS_H
#define SEPIA_REFERENCE_FORMATS_H
/* libtiff and libheif called straight from C: the yardsticks of Sepia's TIFF, AVIF and HEIC
   decoders, and the writer that makes the benchmark's TIFF input. */
#include <stddef.h>
#include <stdint.h>

/* Writes 8-bit RGB (alpha dropped) as a striped TIFF file at `path` with libtiff, 16 rows a
   strip, compressed with `compression` (a libtiff COMPRESSION_ value: 1 none, 5 LZW, 8
   Deflate). Returns 0 on success. */
int sepia_reference_write_tiff(const char *path, const uint8_t *rgba, int width, int height, int compression);

/* Decodes an 8-bit contiguous RGB TIFF held in memory strip by strip (TIFFReadEncodedStrip)
   and expands each row to RGBA in `output`, the tight loop a C programmer would write for one
   known layout. Returns 0 on success and writes the size; `output` must hold width * height * 4
   bytes (pass NULL to learn the size first). */
int sepia_reference_decode_tiff_strips(const uint8_t *data, size_t size, uint8_t *output, int *width, int *height);

/* Decodes the primary image of an AVIF or HEIC held in memory with libheif to interleaved
   8-bit RGBA (heif_decode_image) and copies its rows into `output`, as Sepia's decoder does.
   Returns 0 on success and writes the size; `output` must hold width * height * 4 bytes (pass
   NULL to learn the size first, from the container). */
int sepia_reference_decode_heif(const uint8_t *data, size_t size, uint8_t *output, int *width, int *height);
#endif
