#ifndef SEPIA_PNG_H
#define SEPIA_PNG_H

#include "sepia_color.h"
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
 * The colour and metadata chunks that come before the image data. Pointers are owned by the
 * decoder and valid until sepia_png_decoder_destroy; absent chunks give NULL and false.
 */
typedef struct sepia_png_chunks {
    /* iCCP: the decompressed ICC profile (libpng checked its header and length). */
    const uint8_t *icc_profile;
    size_t icc_profile_length;
    /* sRGB: the image is sRGB (the rendering intent does not matter for 8-bit output). */
    bool srgb;
    /* gAMA: sample = linear ^ gamma (0.45455 for a 2.2 display gamma). */
    bool has_gamma;
    double gamma;
    /* cHRM: the white point and primaries. */
    bool has_chromaticities;
    sepia_chromaticities chromaticities;
    /* eXIf: the EXIF TIFF structure. */
    const uint8_t *exif_tiff;
    size_t exif_tiff_length;
} sepia_png_chunks;

/* The chunks read_header found; call it after a successful read_header. */
void sepia_png_decoder_chunks(const sepia_png_decoder *decoder, sepia_png_chunks *chunks);

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
 * Row by row, for streaming (a band of rows at a time, never the whole image): the same 8-bit
 * RGBA rows as read_pixels, from a PNG that is not interlaced (an interlaced one needs every
 * row before the first is final; read it whole). Call after a successful read_header:
 * start_rows, read_rows until every row is read, then finish_rows.
 */
bool sepia_png_decoder_is_interlaced(const sepia_png_decoder *decoder);

/* Sets up the conversion to 8-bit RGBA; SEPIA_STATUS_UNSUPPORTED for an interlaced PNG. */
sepia_status sepia_png_decoder_start_rows(sepia_png_decoder *decoder);

/*
 * Decodes up to `capacity` of the next rows into `rgba` (rows bytes_per_row apart) and sets
 * `count` to how many; 0 once every row was read.
 */
sepia_status sepia_png_decoder_read_rows(sepia_png_decoder *decoder, uint8_t *rgba, size_t bytes_per_row,
                                         uint32_t capacity, uint32_t *count);

/* Reads the chunks after the image data; a problem there is only a warning, as in read_pixels. */
sepia_status sepia_png_decoder_finish_rows(sepia_png_decoder *decoder);

/*
 * For a preview of an Adam7-interlaced PNG whose data may stop anywhere (a download in
 * progress): after a successful read_header, decodes the passes in order (PNG 3rd edition,
 * section 8.2) into a grid of the image at 1/`step` of its size (`step` 1, 2, 4 or 8; the
 * canvas is ceil(width / step) x ceil(height / step) RGBA pixels, rows `bytes_per_row` apart),
 * stopping once the passes that fill that grid are read. Canvas pixels that no complete pass
 * has reached yet repeat the nearest decoded pixel above and to the left of them, so a coarse
 * pass fills the canvas with blocks. `passes` is set to the passes read whole (0 to 7).
 *
 * Data that stops early is not an error: the passes read whole before it count, and `passes`
 * says how many. Damaged data (a bad zlib stream or filter) is an error, as in read_pixels.
 * SEPIA_STATUS_UNSUPPORTED for a PNG that is not interlaced.
 */
sepia_status sepia_png_decoder_read_passes(sepia_png_decoder *decoder, uint32_t step, uint8_t *canvas,
                                           size_t bytes_per_row, uint32_t *passes);

/* What an encoded PNG carries besides its pixels. */
typedef struct sepia_png_metadata {
    /* An EXIF TIFF structure for an eXIf chunk, or NULL. */
    const uint8_t *exif_tiff;
    size_t exif_tiff_length;
    /* Writes an sRGB chunk (perceptual intent) with the gAMA and cHRM the PNG spec pairs with it. */
    bool srgb;
} sepia_png_metadata;

/*
 * Encodes RGBA pixels as an 8-bit PNG: RGBA, or RGB when `keep_alpha` is false (the fourth
 * byte of each pixel is then skipped), with `metadata` (or NULL for none). On success `output` holds malloc'd bytes the caller
 * frees with sepia_encoded_data_free; on failure it is empty and `diagnostics` says why.
 */
sepia_status sepia_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t bytes_per_row,
                              bool keep_alpha, const sepia_png_metadata *metadata, sepia_encoded_data *output,
                              sepia_diagnostics *diagnostics);

#endif
