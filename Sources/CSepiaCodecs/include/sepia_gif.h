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

/*
 * Animation: the frames one after another, each composited onto the canvas of the frames before
 * it, with memory that does not grow with the frame count (giflib's list of frames is emptied at
 * each one; one canvas-sized buffer is kept for DISPOSE_PREVIOUS). Use either this or
 * read_pixels on a decoder, not both.
 */

/* What sepia_gif_decoder_next_frame decoded. */
typedef struct sepia_gif_frame {
    /* False when the file's trailer came instead of a frame: the animation is over. */
    bool decoded;
    /* The graphics control extension's delay before the next frame, in 1/100 s (0 without one). */
    uint32_t delay_centiseconds;
} sepia_gif_frame;

/*
 * Disposes of the last frame on `rgba` (the canvas the previous call left, unchanged; cleared to
 * transparent before the first frame), then reads the next frame and composites it there as
 * read_pixels does the first, with the same pixel limit per frame. Disposal follows GIF89a,
 * section 23, as browsers do: DISPOSE_BACKGROUND clears the frame's rectangle to transparent,
 * DISPOSE_PREVIOUS puts back what it covered, the other values leave it.
 */
sepia_status sepia_gif_decoder_next_frame(sepia_gif_decoder *decoder, uint8_t *rgba, size_t bytes_per_row,
                                          uint64_t pixel_limit, sepia_gif_frame *frame);

/* What a walk over a GIF's blocks finds, without decompressing any image data. */
typedef struct sepia_gif_summary {
    /* Image descriptors found (one past frame_limit at most: the walk stops there). */
    uint32_t frame_count;
    /* The sum of their width x height. */
    uint64_t frame_pixels;
    /* The NETSCAPE2.0 application extension's loop count (0: forever), or -1 without one. */
    int32_t loop_count;
    /* The walk reached the trailer; false when the data ends or holds an unknown record first. */
    bool complete;
} sepia_gif_summary;

/*
 * Walks the blocks of `size` bytes of GIF data by their lengths alone (GIF89a, sections 15-27),
 * counting frames until the trailer, the end of the data, an unknown record or frame_limit + 1
 * frames. Reads nothing outside the data and allocates nothing.
 */
void sepia_gif_scan(const void *data, size_t size, uint32_t frame_limit, sepia_gif_summary *summary);

#endif
