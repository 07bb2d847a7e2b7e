#ifndef SEPIA_JPEG_H
#define SEPIA_JPEG_H

#include "sepia_diagnostics.h"

/*
 * JPEG decoding in steps, so that the caller can look at the header (size, EXIF) and refuse the
 * image before any large allocation:
 *
 *   create -> read_header -> set_scale -> read_pixels -> destroy
 *
 * Any step may fail; destroy must be called in every case and frees everything. A file of
 * more than 500 scans fails with SEPIA_STATUS_UNSUPPORTED, so that a few kilobytes of scans
 * cannot keep a thread busy for seconds: in read_header, which counts the SOS markers of a
 * multi-scan file before anything is decoded, or else as soon as its 501st scan starts (while
 * decompression starts, which reads every scan of a multi-scan file).
 */
typedef struct sepia_jpeg_decoder sepia_jpeg_decoder;

/* What jpeg_read_header found. */
typedef struct sepia_jpeg_header {
    /* Size stored in the frame header, before any scaling or EXIF orientation. */
    uint32_t width;
    uint32_t height;
    /*
     * Bytes libjpeg will allocate to hold the whole image's DCT coefficients: progressive and
     * other multi-scan JPEGs need them at full size whatever the output scale. 0 for
     * single-scan JPEGs, which are decoded a row of blocks at a time.
     */
    uint64_t whole_image_coefficient_bytes;
    /*
     * The TIFF structure of the first APP1 "Exif" segment (the bytes after "Exif\0\0"), or NULL.
     * Owned by the decoder; valid until sepia_jpeg_decoder_read_pixels finishes the decompression
     * (the marker lives in libjpeg's image pool): copy it before.
     */
    const uint8_t *exif_tiff;
    size_t exif_tiff_length;
    /*
     * The ICC profile of the APP2 "ICC_PROFILE" segments, its chunks joined in sequence order
     * (libjpeg-turbo's jpeg_read_icc_profile), or NULL. Owned by the decoder; valid until
     * sepia_jpeg_decoder_destroy. Malformed segments are a warning and give NULL.
     */
    const uint8_t *icc_profile;
    size_t icc_profile_length;
    /* The image is stored as CMYK or YCCK. */
    bool cmyk;
    /* The CMYK is stored inverted (255 - ink), as Adobe applications write it (APP14 marker). */
    bool cmyk_inverted;
} sepia_jpeg_header;

/* A new decoder, or NULL when memory is short. */
sepia_jpeg_decoder *sepia_jpeg_decoder_create(void);

/* Frees the decoder and everything libjpeg allocated for it. Accepts NULL. */
void sepia_jpeg_decoder_destroy(sepia_jpeg_decoder *decoder);

/* Errors and warnings reported so far. */
const sepia_diagnostics *sepia_jpeg_decoder_diagnostics(const sepia_jpeg_decoder *decoder);

/*
 * Reads the markers up to the first scan. `data` must stay valid and unchanged until the
 * decoder is destroyed.
 */
sepia_status sepia_jpeg_decoder_read_header(sepia_jpeg_decoder *decoder, const void *data, size_t size,
                                            sepia_jpeg_header *header);

/*
 * Asks for DCT-domain scaling by 1/denominator (1, 2, 4 or 8) and returns the output size,
 * ceil(width / denominator) x ceil(height / denominator). Allocates nothing large.
 */
sepia_status sepia_jpeg_decoder_set_scale(sepia_jpeg_decoder *decoder, unsigned denominator,
                                          uint32_t *output_width, uint32_t *output_height);

/*
 * Makes sepia_jpeg_decoder_read_pixels hand a CMYK or YCCK image out as its CMYK samples, 4 bytes
 * a pixel as stored (inverted when the header says cmyk_inverted), for the caller to convert
 * through the image's ICC profile. Call it after read_header; it does nothing for other images.
 */
void sepia_jpeg_decoder_keep_cmyk(sepia_jpeg_decoder *decoder);

/*
 * Told by sepia_jpeg_decoder_read_pixels that rows `first` to `first + count - 1` are decoded
 * (and, for CMYK, converted) and will not be written again, while later rows are still being
 * decoded: the caller may work on them at once, while they are in the cache, or hand them to
 * another thread. Never called for a row twice; called in order.
 */
typedef void (*sepia_jpeg_rows_decoded)(void *context, uint32_t first, uint32_t count);

/*
 * Band by band, for a caller that works on rows as they come and never holds the whole image:
 * start (jpeg_start_decompress), read_rows until it gives 0 rows, finish. read_rows decodes up to
 * `capacity` rows (at most 32) into `rows` (rows `bytes_per_row` apart) as read_pixels does, and
 * sets `count` to how many. Damaged data is reported as by read_pixels.
 */
sepia_status sepia_jpeg_decoder_start(sepia_jpeg_decoder *decoder);
sepia_status sepia_jpeg_decoder_read_rows(sepia_jpeg_decoder *decoder, uint8_t *rows, size_t bytes_per_row,
                                          uint32_t capacity, uint32_t *count);
sepia_status sepia_jpeg_decoder_finish(sepia_jpeg_decoder *decoder);

/*
 * The same band by band, on the stored YCbCr planes instead of RGBA rows (libjpeg's raw data:
 * no chroma upsampling, no colour conversion), for a 4:2:0 photo: three components, YCbCr, luma
 * sampled 2x2 and both chroma 1x1. has_ycbcr_420_planes (after read_header) says whether the
 * photo is one. start_planes starts the decompression at 1/`denominator` of the stored size
 * (1, 2, 4 or 8; no set_scale) and gives each plane's row length: the components' widths in
 * blocks times their scaled DCT size, so samples past the image's edge; and the chroma rows
 * of a band: 8 at full scale, 16 when scaled, where libjpeg decodes the chroma with a DCT twice
 * the luma's, so that each pixel has its own chroma sample (4:4:4). read_planes then decodes
 * 16 luma rows into `luma` (`luma_stride` apart, at least the luma row length) and that many
 * rows of each chroma plane (`chroma_stride` apart): one iMCU row at full scale, `denominator`
 * of them scaled; rows past the image's bottom are the stored padding. `*rows` is the number
 * of the image's rows in it, 0 once every row is decoded.
 */
bool sepia_jpeg_decoder_has_ycbcr_420_planes(const sepia_jpeg_decoder *decoder);
sepia_status sepia_jpeg_decoder_start_planes(sepia_jpeg_decoder *decoder, unsigned denominator, uint32_t *luma_row_length,
                                             uint32_t *chroma_row_length, uint32_t *chroma_rows);
sepia_status sepia_jpeg_decoder_read_planes(sepia_jpeg_decoder *decoder, uint8_t *luma, size_t luma_stride, uint8_t *cb,
                                            uint8_t *cr, size_t chroma_stride, uint32_t *rows);

/*
 * Decodes every row into `rgba` (output_height rows of bytes_per_row bytes, 4 bytes a pixel,
 * alpha 255). Grayscale, YCbCr, RGB, CMYK and YCCK JPEGs all come out as RGBA (CMYK without a
 * profile, naively: R = 255 (1 - C)(1 - K) and so on, unless sepia_jpeg_decoder_keep_cmyk was
 * called); Adobe CMYK/YCCK data (which Adobe stores inverted) is recognised by its APP14 marker.
 *
 * When the data ends early libjpeg pads the image with grey, this returns SEPIA_STATUS_OK, and
 * the diagnostics say data_ended_early: the caller decides whether that is acceptable.
 * `rows_decoded` (may be NULL) hears of each batch of rows as it is done, with `context`.
 */
sepia_status sepia_jpeg_decoder_read_pixels(sepia_jpeg_decoder *decoder, uint8_t *rgba, size_t bytes_per_row,
                                            sepia_jpeg_rows_decoded rows_decoded, void *context);

/* The largest EXIF TIFF structure one APP1 segment holds: 65,533 bytes less "Exif\0\0". */
#define SEPIA_JPEG_MAX_EXIF_LENGTH 65527

/*
 * JPEG encoding, band by band or all rows at once: create -> start -> write_rows (until every row
 * is written) -> finish -> destroy. Rows are RGBA (alpha ignored), encoded as a baseline JPEG with
 * 4:2:0 chroma subsampling (jpeg_set_defaults, accurate integer DCT); the bytes are the same
 * however the rows are split into calls. Any step may fail; destroy must be called in every case.
 */
typedef struct sepia_jpeg_encoder sepia_jpeg_encoder;

/* A new encoder, or NULL when memory is short. */
sepia_jpeg_encoder *sepia_jpeg_encoder_create(void);

/* Frees the encoder, its output included unless finish handed it over. Accepts NULL. */
void sepia_jpeg_encoder_destroy(sepia_jpeg_encoder *encoder);

/* The error of the step that failed. */
const sepia_diagnostics *sepia_jpeg_encoder_diagnostics(const sepia_jpeg_encoder *encoder);

/*
 * Starts a width x height JPEG at `quality` (1 to 100). `metadata` (or NULL) says what to write
 * besides the pixels: the EXIF as an APP1 "Exif" segment (at most SEPIA_JPEG_MAX_EXIF_LENGTH
 * bytes), the ICC profile as APP2 "ICC_PROFILE" segments (jpeg_write_icc_profile).
 */
sepia_status sepia_jpeg_encoder_start(sepia_jpeg_encoder *encoder, uint32_t width, uint32_t height, int quality,
                                      const sepia_output_metadata *metadata);

/*
 * start for YCbCr 4:2:0 planes instead of RGBA rows (libjpeg's raw data: no colour conversion,
 * no chroma downsampling; the same quantisation, DCT and entropy coding), then write_planes
 * for each iMCU row, in the geometry of sepia_jpeg_decoder_read_planes for the same size:
 * 16 luma rows of the luma row length, 8 rows of each chroma plane.
 */
sepia_status sepia_jpeg_encoder_start_planes(sepia_jpeg_encoder *encoder, uint32_t width, uint32_t height, int quality,
                                             const sepia_output_metadata *metadata);
sepia_status sepia_jpeg_encoder_write_planes(sepia_jpeg_encoder *encoder, const uint8_t *luma, size_t luma_stride,
                                             const uint8_t *cb, const uint8_t *cr, size_t chroma_stride);

/* Encodes the next `count` rows, `bytes_per_row` apart from `rows`. */
sepia_status sepia_jpeg_encoder_write_rows(sepia_jpeg_encoder *encoder, const uint8_t *rows, size_t bytes_per_row,
                                           uint32_t count);

/* Ends the file; on success `output` holds its malloc'd bytes (sepia_encoded_data_free). */
sepia_status sepia_jpeg_encoder_finish(sepia_jpeg_encoder *encoder, sepia_encoded_data *output);

/*
 * Rewrites the JPEG `data` as a progressive JPEG with libjpeg's standard scan script
 * (jpeg_simple_progression: the DC of every component first, then bands of AC coefficients and
 * their refinements), losslessly: its DCT coefficients are copied as they are, as
 * `jpegtran -progressive` does. Markers other than the frame's (EXIF, ICC) are not copied. On
 * success `output` holds malloc'd bytes (sepia_encoded_data_free); on failure `diagnostics` says why.
 */
sepia_status sepia_jpeg_rewrite_progressive(const void *data, size_t size, sepia_encoded_data *output,
                                            sepia_diagnostics *diagnostics);

#endif
