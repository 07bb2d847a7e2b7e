#ifndef SEPIA_TIFF_H
#define SEPIA_TIFF_H

#include "sepia_diagnostics.h"

/*
 * TIFF decoding with libtiff, from memory (no temporary file), in steps, so that the caller can
 * refuse the image from its tags before any large allocation:
 *
 *   create -> read_header -> check_data -> read_pixels -> destroy
 *
 * Only the first page (the first IFD) is read. libtiff's errors and warnings go to the decoder's
 * diagnostics through per-handle handlers, never to stderr. Any step may fail; destroy must be
 * called in every case and frees everything. libtiff is loaded by the first decoder, not at
 * start-up (sepia_tiff_library.h); when it cannot be loaded, read_header fails with
 * SEPIA_STATUS_UNSUPPORTED and says why.
 */
typedef struct sepia_tiff_decoder sepia_tiff_decoder;

/* How the first page stores its colours (TIFF 6.0 PhotometricInterpretation, simplified). */
typedef enum sepia_tiff_color_model {
    /* RGB samples, or YCbCr in JPEG-compressed data, which libjpeg converts to RGB. */
    SEPIA_TIFF_COLOR_RGB = 0,
    /* One grey sample, min-is-black or min-is-white. */
    SEPIA_TIFF_COLOR_GREY = 1,
    /* An index into the ColorMap. */
    SEPIA_TIFF_COLOR_PALETTE = 2,
    /* Cyan, magenta, yellow and black ink samples (Photometric "separated", InkSet CMYK). */
    SEPIA_TIFF_COLOR_CMYK = 3,
    /* CIE L*a*b* (CIELab, ICCLab or ITULab), which libtiff's RGBA interface converts to RGB. */
    SEPIA_TIFF_COLOR_LAB = 4,
} sepia_tiff_color_model;

/* What the first IFD says, checked against the data. */
typedef struct sepia_tiff_header {
    /* Size stored in the tags, before orientation. */
    uint32_t width;
    uint32_t height;
    /* The Orientation tag (274), 1 to 8 as in EXIF; 1 when absent. */
    uint16_t orientation;
    sepia_tiff_color_model color_model;
    /* Bits per sample (1, 2, 4, 8 or 16) and samples per pixel, extra samples included. */
    uint16_t bits_per_sample;
    uint16_t samples_per_pixel;
    /* True when an extra sample is alpha (associated or unassociated). */
    bool has_alpha;
    /*
     * Bytes read_pixels allocates besides the caller's RGBA image, at most: one decoded strip or
     * tile (of every plane, through libtiff's RGBA interface), one row for strips larger than
     * 4 MiB, which are decoded a row at a time, none for uncompressed strips read in place.
     */
    uint64_t working_bytes;
    /*
     * The ICC profile tag (34675), or NULL. Owned by the decoder; valid until
     * sepia_tiff_decoder_destroy.
     */
    const uint8_t *icc_profile;
    size_t icc_profile_length;
} sepia_tiff_header;

/* A new decoder, or NULL when memory is short. */
sepia_tiff_decoder *sepia_tiff_decoder_create(void);

/* Frees the decoder and everything libtiff allocated for it. Accepts NULL. */
void sepia_tiff_decoder_destroy(sepia_tiff_decoder *decoder);

/* Errors and warnings reported so far. */
const sepia_diagnostics *sepia_tiff_decoder_diagnostics(const sepia_tiff_decoder *decoder);

/*
 * Opens the data and reads the first IFD. `data` must stay valid and unchanged until the
 * decoder is destroyed; libtiff reads it in place. `allocation_limit` caps any single
 * allocation libtiff makes (its strip buffers and tag arrays).
 *
 * Layouts the shim does not convert itself (separate colour planes, CIE L*a*b*, YCbCr without
 * new-style JPEG compression, old-style JPEG, signed samples, which libtiff reads as unsigned)
 * go through libtiff's RGBA interface. Fails with SEPIA_STATUS_UNSUPPORTED, libtiff's reason in
 * the diagnostics, for layouts neither converts (12-bit or floating-point samples, a compression
 * this libtiff lacks), and with SEPIA_STATUS_TRUNCATED when the first IFD lies past the end of
 * the data.
 */
sepia_status sepia_tiff_decoder_read_header(sepia_tiff_decoder *decoder, const void *data, size_t size,
                                            uint64_t allocation_limit, sepia_tiff_header *header);

/*
 * Checks every strip or tile of the first page against the data, allocating nothing: fails with
 * SEPIA_STATUS_TRUNCATED when one lies beyond the end (or an uncompressed one is shorter than its
 * rows), so that tags announcing more than the data holds are refused before the caller
 * allocates the image. Call it after read_header and before read_pixels.
 */
sepia_status sepia_tiff_decoder_check_data(sepia_tiff_decoder *decoder);

/*
 * Decodes the first page, strip by strip or tile by tile, into `rgba` (height rows of
 * bytes_per_row bytes, 4 bytes a pixel, rows as stored: the orientation is not applied).
 * 16-bit samples are scaled by round(v * 255 / 65535), lower bit depths stretched to 0...255,
 * min-is-white grey inverted, palettes looked up (16-bit ColorMap entries scaled; maps whose
 * entries all fit in 8 bits taken as 8-bit, as libtiff does), associated alpha divided out
 * (RGBAImage holds straight alpha), CMYK converted naively: R = (255 - C)(255 - K) / 255 and
 * so on (unless sepia_tiff_decoder_keep_cmyk was called). Pixels without alpha get 255.
 * Strips over 4 MiB decoded are read a row at a time. Layouts read through libtiff's RGBA
 * interface come out as it converts them (its alpha made straight), and need bytes_per_row to
 * be width * 4.
 */
sepia_status sepia_tiff_decoder_read_pixels(sepia_tiff_decoder *decoder, uint8_t *rgba, size_t bytes_per_row);

/*
 * Makes read_pixels hand a CMYK image without alpha out as its ink samples (C, M, Y, K in the
 * four bytes, 0 = no ink, 16-bit samples rounded to 8) for the caller to convert through the
 * image's CMYK ICC profile, and returns true. Does nothing and returns false for other images,
 * and for CMYK that libtiff's RGBA interface converts (separate planes), which comes out RGB.
 * Call it after read_header.
 */
bool sepia_tiff_decoder_keep_cmyk(sepia_tiff_decoder *decoder);

#endif
