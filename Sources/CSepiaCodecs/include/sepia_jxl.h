#ifndef SEPIA_JXL_H
#define SEPIA_JXL_H

#include "sepia_diagnostics.h"

/*
 * JPEG XL decoding with libjxl (bare codestreams and ISO BMFF containers), from memory, in
 * steps, so that the caller can refuse the image from its header before any pixel is decoded:
 *
 *   create -> read_header -> read_pixels -> destroy
 *
 * The pixels come out as stored, before the image's orientation (the caller turns them), 8-bit
 * RGBA with straight alpha, in sRGB when libjxl can give it: a lossy (XYB) image is rendered in
 * sRGB by libjxl itself; a lossless one keeps its colour space, whose ICC profile the header
 * reports. Only the first frame of an animation is decoded. libjxl runs on the calling thread
 * (no thread pool): Sepia decodes several photos at once instead. Any step may fail; destroy
 * must be called in every case and frees everything. libjxl is loaded the first time a decoder
 * or an encoding needs it, not at start-up (sepia_jxl_library.h); when it cannot be loaded,
 * read_header and sepia_jxl_encode fail with SEPIA_STATUS_UNSUPPORTED and say why.
 */
typedef struct sepia_jxl_decoder sepia_jxl_decoder;

/* What the codestream's headers say. */
typedef struct sepia_jxl_header {
    /* The stored size, before the orientation is applied. */
    uint32_t width;
    uint32_t height;
    /* Bits per colour sample as coded (8, 10, 12, 16, or 32 for floating point samples). */
    uint32_t bits_per_sample;
    /* The orientation, as EXIF's Orientation tag numbers it (1 to 8). */
    int orientation;
    /* True when the image has an alpha channel. */
    bool has_alpha;
    /* True when the colour samples are XYB (lossy VarDCT, usually), rendered to sRGB by libjxl. */
    bool is_xyb;
    /* True for an animation (only its first frame is decoded). */
    bool is_animated;
    /* True for a greyscale image (decoded as RGBA with equal channels). */
    bool is_grey;
    /*
     * The ICC profile of the decoded pixels, or NULL when they are sRGB: the file's own profile,
     * or one libjxl generated from the codestream's colour encoding (Display P3, BT.2020...).
     * Owned by the decoder; valid until sepia_jxl_decoder_destroy.
     */
    const uint8_t *icc_profile;
    size_t icc_profile_length;
} sepia_jxl_header;

/* A new decoder, or NULL when memory is short. */
sepia_jxl_decoder *sepia_jxl_decoder_create(void);

/* Frees the decoder and everything libjxl allocated for it. Accepts NULL. */
void sepia_jxl_decoder_destroy(sepia_jxl_decoder *decoder);

/* Errors and warnings reported so far. */
const sepia_diagnostics *sepia_jxl_decoder_diagnostics(const sepia_jxl_decoder *decoder);

/*
 * Reads the codestream's headers and colour encoding. `data` must stay valid and unchanged
 * until the decoder is destroyed; libjxl reads it in place. Fails with SEPIA_STATUS_TRUNCATED
 * when the data ends first, SEPIA_STATUS_LIBRARY_ERROR when libjxl refuses it (libjxl 0.7 gives
 * no reason: the message says at which step it failed).
 */
sepia_status sepia_jxl_decoder_read_header(sepia_jxl_decoder *decoder, const void *data, size_t size,
                                           sepia_jxl_header *header);

/*
 * Decodes the first frame, orientation not applied, into `rgba` (header.height rows of
 * bytes_per_row bytes, 4 bytes a pixel; alpha 255 without an alpha channel), then reads the
 * rest of the container for an Exif box (sepia_jxl_decoder_exif). The data ending before the
 * frame is complete is SEPIA_STATUS_TRUNCATED; damage after it (in a trailing box) is a warning.
 */
sepia_status sepia_jxl_decoder_read_pixels(sepia_jxl_decoder *decoder, uint8_t *rgba, size_t bytes_per_row);

/*
 * The TIFF structure of the container's first Exif box (after the offset that begins it), or
 * NULL, with its length in `length`. Complete once read_pixels has succeeded (a box after the
 * codestream is read then). Owned by the decoder; valid until sepia_jxl_decoder_destroy.
 */
const uint8_t *sepia_jxl_decoder_exif(const sepia_jxl_decoder *decoder, size_t *length);

/*
 * Encodes RGBA pixels (sRGB) as JPEG XL with libjxl: lossy (VarDCT, XYB) at butteraugli
 * `distance` (0.1 to 25; 1 is libjxl's "visually lossless" default), or lossless (modular) when
 * `distance` is 0. `effort` is libjxl's (1 fastest to 9 slowest). Alpha is kept as an 8-bit
 * extra channel when `keep_alpha` is true. The colour encoding written is sRGB's (the
 * codestream's own enumerated form, not an ICC profile, which the metadata's would be equal to).
 * `metadata` (or NULL): its EXIF becomes an Exif box of the container. On success `output` holds
 * malloc'd bytes the caller frees with sepia_encoded_data_free; on failure it is empty and
 * `diagnostics` says why.
 */
sepia_status sepia_jxl_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t bytes_per_row, float distance,
                              int effort, bool keep_alpha, const sepia_output_metadata *metadata,
                              sepia_encoded_data *output, sepia_diagnostics *diagnostics);

#endif
