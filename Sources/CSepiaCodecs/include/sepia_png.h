#ifndef SEPIA_PNG_H
#define SEPIA_PNG_H

#include "sepia_diagnostics.h"

/*
 * PNG decoding in steps, so that the caller can refuse the image from its IHDR before any large
 * allocation:
 *
 *   create -> read_header -> read_pixels -> destroy
 *
 * Any step may fail; destroy must be called in every case and frees everything.
 */
typedef struct sepia_png_decoder sepia_png_decoder;

/* A new decoder, or NULL when memory is short. */
sepia_png_decoder *sepia_png_decoder_create(void);

/* Frees the decoder and everything libpng allocated for it. Accepts NULL. */
void sepia_png_decoder_destroy(sepia_png_decoder *decoder);

/* Errors and warnings reported so far. */
const sepia_diagnostics *sepia_png_decoder_diagnostics(const sepia_png_decoder *decoder);

/*
 * Reads the chunks up to the first IDAT and returns the image size. `data` must stay valid and
 * unchanged until the decoder is destroyed.
 */
sepia_status sepia_png_decoder_read_header(sepia_png_decoder *decoder, const void *data, size_t size,
                                           uint32_t *width, uint32_t *height);

/*
 * Decodes the image into `rgba` (height rows of bytes_per_row bytes, 4 bytes a pixel). Every
 * colour type and bit depth comes out as 8-bit RGBA: palettes and low bit depths are expanded,
 * tRNS becomes alpha, 16-bit samples are scaled by round(v / 257) (they are already
 * gamma-encoded, so no gamma conversion), Adam7 interlacing is undone.
 *
 * A problem after the last image row (a damaged or missing IEND, say) is only a warning.
 */
sepia_status sepia_png_decoder_read_pixels(sepia_png_decoder *decoder, uint8_t *rgba, size_t bytes_per_row);

/*
 * Encodes RGBA pixels as an 8-bit PNG: RGBA, or RGB when `keep_alpha` is false (the fourth
 * byte of each pixel is then skipped). On success `output` holds malloc'd bytes the caller
 * frees with sepia_encoded_data_free; on failure it is empty and `diagnostics` says why.
 */
sepia_status sepia_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t bytes_per_row,
                              bool keep_alpha, sepia_encoded_data *output, sepia_diagnostics *diagnostics);

#endif
