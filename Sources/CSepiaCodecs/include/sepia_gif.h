#ifndef SEPIA_GIF_H
#define SEPIA_GIF_H

#include "sepia_diagnostics.h"

/*
 * GIF decoding with giflib 5 in steps, so that the caller can refuse the image from its logical
 * screen size before any large allocation:
 *
 *   create -> read_pixels -> destroy
 *
 * create reads the header and the logical screen descriptor. Only the first frame is decoded,
 * record by record (giflib's DGifSlurp would read every frame of an animation first).
 */
typedef struct sepia_gif_decoder sepia_gif_decoder;

/*
 * Opens `data` (which must stay valid and unchanged until destroy) and reads the logical screen
 * size into `width` and `height`. Returns NULL with a status and message in `diagnostics`
 * when giflib refuses the header or memory is short.
 */
sepia_gif_decoder *sepia_gif_decoder_create(const void *data, size_t size, uint32_t *width, uint32_t *height,
                                            sepia_diagnostics *diagnostics, sepia_status *status);

/* Frees the decoder and what giflib allocated. Accepts NULL. */
void sepia_gif_decoder_destroy(sepia_gif_decoder *decoder);

/* Errors reported so far. */
const sepia_diagnostics *sepia_gif_decoder_diagnostics(const sepia_gif_decoder *decoder);

/*
 * Composites the first frame onto the logical screen in `rgba` (height rows of bytes_per_row
 * bytes) as browsers do (GIF89a, sections 20-23): the screen starts transparent, the frame's
 * pixels take their colour from its local colour table or else the global one, the graphics
 * control extension's transparent index leaves the screen as it is, interlaced rows go to their
 * place, and the parts of the frame outside the screen are clipped. An index past the end of the
 * colour table is opaque black. A frame of more than `pixel_limit` pixels is refused before its
 * data is decompressed. An LZW minimum code size of 9 to 11, which giflib refuses and browsers
 * decode, is decoded by the shim's own LZW decoder (sepia_gif_lzw.h); a larger one is refused
 * with a message that says so.
 */
sepia_status sepia_gif_decoder_read_pixels(sepia_gif_decoder *decoder, uint8_t *rgba, size_t bytes_per_row,
                                           uint64_t pixel_limit);

#endif
