#ifndef SEPIA_HEIF_H
#define SEPIA_HEIF_H

#include "sepia_diagnostics.h"

/*
 * HEIF decoding (AVIF: AV1 through dav1d; HEIC: HEVC through libde265) with libheif, from
 * memory, in steps, so that the caller can refuse the primary image from its `ispe` size
 * before it is decoded:
 *
 *   create -> read_header -> read_pixels -> destroy
 *
 * libheif applies the image's transformations (clean aperture, `irot`, `imir`) while decoding,
 * so the pixels come out upright. Any step may fail; destroy must be called in every case and
 * frees everything. libheif is loaded the first time a decoder or an encoding needs it, not at
 * start-up (sepia_heif_library.h); when it cannot be loaded, read_header and
 * sepia_heif_encode_avif fail with SEPIA_STATUS_UNSUPPORTED and say why.
 */
typedef struct sepia_heif_decoder sepia_heif_decoder;

/* What the primary image's properties say. */
typedef struct sepia_heif_header {
    /* Size of the decoded image, after the transformations (a 90° rotation swaps the sides). */
    uint32_t width;
    uint32_t height;
    /* The coded size from the `ispe` property, before the transformations. */
    uint32_t stored_width;
    uint32_t stored_height;
    /* Bits per luma sample as coded (8, 10 or 12); the output is 8-bit whatever this is. */
    int luma_bits;
    /* True when the image has an alpha auxiliary image. */
    bool has_alpha;
    /*
     * The ICC profile of the `colr` box (type `prof` or `rICC`), or NULL. Owned by the decoder;
     * valid until sepia_heif_decoder_destroy.
     */
    const uint8_t *icc_profile;
    size_t icc_profile_length;
    /*
     * The TIFF structure of the primary image's first Exif item (after the offset that begins
     * it), or NULL. Owned by the decoder; valid until sepia_heif_decoder_destroy. Its orientation
     * is informative only: `irot` and `imir` say how the image is shown.
     */
    const uint8_t *exif_tiff;
    size_t exif_tiff_length;
    /*
     * The `colr` box of type `nclx`, when there is one: ITU-T H.273 code points (primaries 1 is
     * BT.709/sRGB, 12 Display P3's, 9 BT.2020; transfer 13 is sRGB, 16 PQ, 18 HLG).
     */
    bool has_nclx;
    uint16_t nclx_color_primaries;
    uint16_t nclx_transfer_characteristics;
    uint16_t nclx_matrix_coefficients;
    bool nclx_full_range;
} sepia_heif_header;

/* A new decoder, or NULL when memory is short. */
sepia_heif_decoder *sepia_heif_decoder_create(void);

/* Frees the decoder and everything libheif allocated for it. Accepts NULL. */
void sepia_heif_decoder_destroy(sepia_heif_decoder *decoder);

/* Errors and warnings reported so far. */
const sepia_diagnostics *sepia_heif_decoder_diagnostics(const sepia_heif_decoder *decoder);

/*
 * Parses the boxes and finds the primary image. `data` must stay valid and unchanged until the
 * decoder is destroyed; libheif reads it in place. `maximum_side` becomes libheif's own image
 * size limit, per side: libheif refuses an image with a side of `maximum_side` pixels or more.
 * Fails with SEPIA_STATUS_UNSUPPORTED when libheif here has no decoder for the file's codec, or
 * when a size or count passes one of libheif's security limits (the message says which).
 */
sepia_status sepia_heif_decoder_read_header(sepia_heif_decoder *decoder, const void *data, size_t size, int maximum_side,
                                            sepia_heif_header *header);

/*
 * Decodes the primary image, transformations applied, into `rgba` (header.height rows of
 * bytes_per_row bytes, 4 bytes a pixel; alpha from the auxiliary image, 255 without one).
 * Samples deeper than 8 bits are scaled to 8 by libheif. Colours come out as coded: an ICC
 * profile is reported in the header, not applied.
 */
sepia_status sepia_heif_decoder_read_pixels(sepia_heif_decoder *decoder, uint8_t *rgba, size_t bytes_per_row);

/*
 * Encodes RGBA pixels as an 8-bit 4:2:0 AVIF with libheif's AV1 encoder. `quality` is 0 to 100;
 * `speed` is aom's cpu-used setting (0 slowest and best to 9 fastest). Alpha is stored as an
 * auxiliary image when `keep_alpha` is true. `metadata` (or NULL): the EXIF becomes an Exif
 * item of the image, the ICC profile a `colr` box of type `prof` (beside the nclx one that
 * says how the samples were coded). On success `output` holds malloc'd bytes the caller frees
 * with sepia_encoded_data_free; on failure it is empty and `diagnostics` says why.
 */
sepia_status sepia_heif_encode_avif(const uint8_t *rgba, uint32_t width, uint32_t height, size_t bytes_per_row,
                                    int quality, int speed, bool keep_alpha, const sepia_output_metadata *metadata,
                                    sepia_encoded_data *output, sepia_diagnostics *diagnostics);

#endif
