#ifndef SEPIA_WEBP_H
#define SEPIA_WEBP_H

#include "sepia_diagnostics.h"

/*
 * WebP decoding with libwebp in two calls, so that the caller can refuse the image from its
 * header before any large allocation:
 *
 *   sepia_webp_read_info -> (check the canvas size) -> sepia_webp_decode
 *
 * Neither call keeps state; the info's chunk pointers point into the caller's data.
 */

/* What the RIFF container says (RFC 9649), read with WebPDemux. */
typedef struct sepia_webp_info {
    /* The canvas size: the image's size, or an animation's. */
    uint32_t width;
    uint32_t height;
    /* The file has an alpha channel (ALPH chunk or lossless alpha). */
    bool has_alpha;
    /* The file is an animation; only its first frame is decoded. */
    bool is_animated;
    /*
     * A still image stored lossless (VP8L), which libwebp decodes into a buffer of the whole
     * canvas, 4 bytes a pixel, before it writes (or scales) the output.
     */
    bool is_lossless;
    /* The frames the file holds (1 for a still image). */
    uint32_t frame_count;
    /* How many times an animation plays, 0 for forever (the ANIM chunk's loop count; 0 for a still image). */
    uint32_t loop_count;
    /*
     * The TIFF structure of the EXIF chunk (any "Exif\0\0" prefix skipped), or NULL. Points into
     * the data given to sepia_webp_read_info.
     */
    const uint8_t *exif_tiff;
    size_t exif_tiff_length;
    /* The ICCP chunk's profile, or NULL. Points into the data given to sepia_webp_read_info. */
    const uint8_t *icc_profile;
    size_t icc_profile_length;
} sepia_webp_info;

/*
 * Parses the container. SEPIA_STATUS_TRUNCATED when the data ends before the last chunk the
 * RIFF header announces, SEPIA_STATUS_LIBRARY_ERROR (with a message) when it is no valid WebP.
 */
sepia_status sepia_webp_read_info(const void *data, size_t size, sepia_webp_info *info,
                                  sepia_diagnostics *diagnostics);

/*
 * Decodes the image (the first frame, composited on a transparent canvas, for an animation)
 * into `rgba`: output_height rows of bytes_per_row bytes, 4 bytes a pixel, straight alpha.
 * A still image whose output size differs from the canvas is scaled while decoding by libwebp's
 * rescaler (`use_scaling`); an animation must be decoded at its canvas size.
 */
sepia_status sepia_webp_decode(const void *data, size_t size, uint32_t output_width, uint32_t output_height,
                               uint8_t *rgba, size_t bytes_per_row, sepia_diagnostics *diagnostics);

/*
 * Animation, with libwebpdemux's WebPAnimDecoder: each frame composited onto the canvas of the
 * frames before it (blending and disposal as the WebP container specifies), one at a time. The
 * decoder holds two canvases whatever the frame count, plus the container's index of frames.
 */
typedef struct sepia_webp_animation sepia_webp_animation;

/*
 * Opens `data` (which must stay valid and unchanged until destroy). Returns NULL with a message
 * in `diagnostics` when libwebp refuses the data, memory is short, or the canvas is not
 * width x height. The caller checks the canvas size (sepia_webp_read_info) first and passes it:
 * this allocates two canvases, and sepia_webp_animation_next writes that many rows.
 */
sepia_webp_animation *sepia_webp_animation_create(const void *data, size_t size, uint32_t width, uint32_t height,
                                                  sepia_diagnostics *diagnostics);

/* Frees the decoder. Accepts NULL. */
void sepia_webp_animation_destroy(sepia_webp_animation *animation);

/*
 * Decodes the next frame and copies the composited canvas into `rgba` (canvas height rows of
 * bytes_per_row bytes, straight alpha); `*timestamp` is the time the frame ends, in milliseconds
 * from the start. `*decoded` is false, and nothing written, once every frame was decoded.
 */
sepia_status sepia_webp_animation_next(sepia_webp_animation *animation, uint8_t *rgba, size_t bytes_per_row,
                                       int *timestamp, bool *decoded, sepia_diagnostics *diagnostics);

/*
 * Encodes RGBA pixels as WebP with libwebp's default settings (method 4): lossy at `quality`
 * (0 to 100) with the alpha channel kept losslessly, or lossless with `lossless` (then
 * `quality` is the compression effort, and the RGB of fully transparent pixels is kept exactly).
 * `metadata` (or NULL) becomes EXIF and ICCP chunks, written with libwebpmux into an extended
 * (VP8X) file. On success `output` holds malloc'd bytes the caller frees with
 * sepia_encoded_data_free; on failure it is empty and `diagnostics` says why.
 */
sepia_status sepia_webp_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t bytes_per_row,
                               int quality, bool lossless, const sepia_output_metadata *metadata,
                               sepia_encoded_data *output, sepia_diagnostics *diagnostics);

/*
 * Animated WebP encoding with libwebpmux's WebPAnimEncoder, a canvas at a time:
 *
 *   create -> add (each frame, in order) -> finish -> destroy
 *
 * Each frame is a whole canvas of width x height RGBA pixels; the encoder finds the rectangle
 * that changed and how to blend and dispose of it, and keeps the frames it has encoded (not the
 * pixels) until finish assembles the file.
 */
typedef struct sepia_webp_animation_encoder sepia_webp_animation_encoder;

/*
 * An encoder of a width x height animation played loop_count times (0: forever), each frame lossy
 * at `quality` or lossless (`quality` then the effort), as sepia_webp_encode does a still image.
 * NULL with a message in `diagnostics` when libwebp refuses the size or memory is short.
 */
sepia_webp_animation_encoder *sepia_webp_animation_encoder_create(uint32_t width, uint32_t height, uint32_t loop_count,
                                                                  int quality, bool lossless,
                                                                  sepia_diagnostics *diagnostics);

/* Frees the encoder and what it holds. Accepts NULL. */
void sepia_webp_animation_encoder_destroy(sepia_webp_animation_encoder *animation);

/* Encodes the next canvas, shown from `timestamp` milliseconds after the start (later than the last's). */
sepia_status sepia_webp_animation_encoder_add(sepia_webp_animation_encoder *animation, const uint8_t *rgba,
                                              size_t bytes_per_row, int timestamp, sepia_diagnostics *diagnostics);

/*
 * Ends the last frame at `end_timestamp` and assembles the file into `output` (malloc'd bytes the
 * caller frees with sepia_encoded_data_free).
 */
sepia_status sepia_webp_animation_encoder_finish(sepia_webp_animation_encoder *animation, int end_timestamp,
                                                 sepia_encoded_data *output, sepia_diagnostics *diagnostics);

#endif
