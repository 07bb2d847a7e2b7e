#include "sepia_jpeg.h"

#include <limits.h>
#include <stdlib.h>

#include "sepia_jpeg_destination.h"
#include "sepia_jpeg_errors.h"

/* Rows handed to one jpeg_write_scanlines call. */
#define ROWS_PER_WRITE 32

/* Everything libjpeg may write to before a longjmp lives on the heap, not in locals. */
struct sepia_jpeg_encoder {
    struct jpeg_compress_struct cinfo;
    sepia_jpeg_errors errors;
    sepia_diagnostics diagnostics;
    sepia_jpeg_growing_destination destination;
};

/* Identifier that starts an EXIF APP1 segment (EXIF 2.32, section 4.5.4). */
static const JOCTET exif_identifier[6] = {'E', 'x', 'i', 'f', 0, 0};

/* Writes the EXIF and ICC segments of `metadata`, right after jpeg_start_compress's JFIF APP0. */
static void write_metadata(j_compress_ptr cinfo, const sepia_output_metadata *metadata) {
    if (metadata == NULL) return;
    if (metadata->exif_tiff != NULL && metadata->exif_tiff_length <= SEPIA_JPEG_MAX_EXIF_LENGTH) {
        jpeg_write_m_header(cinfo, JPEG_APP0 + 1, (unsigned int)(sizeof exif_identifier + metadata->exif_tiff_length));
        for (size_t index = 0; index < sizeof exif_identifier; index++) jpeg_write_m_byte(cinfo, exif_identifier[index]);
        for (size_t index = 0; index < metadata->exif_tiff_length; index++) jpeg_write_m_byte(cinfo, metadata->exif_tiff[index]);
    }
    if (metadata->icc_profile != NULL && metadata->icc_profile_length > 0 && metadata->icc_profile_length <= UINT_MAX) {
        jpeg_write_icc_profile(cinfo, metadata->icc_profile, (unsigned int)metadata->icc_profile_length);
    }
}

sepia_jpeg_encoder *sepia_jpeg_encoder_create(void) {
    sepia_jpeg_encoder *encoder = calloc(1, sizeof *encoder);
    if (encoder == NULL) return NULL;
    sepia_jpeg_errors_install(&encoder->errors, (j_common_ptr)&encoder->cinfo, &encoder->diagnostics);
    return encoder;
}

void sepia_jpeg_encoder_destroy(sepia_jpeg_encoder *encoder) {
    if (encoder == NULL) return;
    jpeg_destroy_compress(&encoder->cinfo); /* does nothing before jpeg_create_compress: cinfo is zeroed */
    free(encoder->destination.bytes);
    free(encoder);
}

const sepia_diagnostics *sepia_jpeg_encoder_diagnostics(const sepia_jpeg_encoder *encoder) {
    return &encoder->diagnostics;
}

/* Starts a JPEG of RGBA rows or, with `planes`, of YCbCr 4:2:0 planes (raw data). */
static sepia_status start(sepia_jpeg_encoder *encoder, uint32_t width, uint32_t height, int quality,
                          const sepia_output_metadata *metadata, bool planes) {
    j_compress_ptr cinfo = &encoder->cinfo;
    if (setjmp(encoder->errors.jump)) return sepia_jpeg_errors_status(&encoder->errors);
    jpeg_create_compress(cinfo);
    /* A quarter of a byte a pixel: most photos at usual qualities need no growth. */
    sepia_jpeg_growing_destination_install(&encoder->destination, cinfo, (size_t)width * height / 4 + 4096);
    cinfo->image_width = width;
    cinfo->image_height = height;
    cinfo->input_components = planes ? 3 : 4;
    cinfo->in_color_space = planes ? JCS_YCbCr : JCS_EXT_RGBA; /* libjpeg-turbo skips the alpha byte */
    jpeg_set_defaults(cinfo); /* YCbCr with 4:2:0 subsampling, accurate integer DCT */
    jpeg_set_quality(cinfo, quality, TRUE);
    cinfo->raw_data_in = planes;
    jpeg_start_compress(cinfo, TRUE);
    write_metadata(cinfo, metadata);
    return SEPIA_STATUS_OK;
}

sepia_status sepia_jpeg_encoder_start(sepia_jpeg_encoder *encoder, uint32_t width, uint32_t height, int quality,
                                      const sepia_output_metadata *metadata) {
    return start(encoder, width, height, quality, metadata, false);
}

sepia_status sepia_jpeg_encoder_start_planes(sepia_jpeg_encoder *encoder, uint32_t width, uint32_t height, int quality,
                                             const sepia_output_metadata *metadata) {
    return start(encoder, width, height, quality, metadata, true);
}

sepia_status sepia_jpeg_encoder_write_planes(sepia_jpeg_encoder *encoder, const uint8_t *luma, size_t luma_stride,
                                             const uint8_t *cb, const uint8_t *cr, size_t chroma_stride) {
    j_compress_ptr cinfo = &encoder->cinfo;
    if (setjmp(encoder->errors.jump)) return sepia_jpeg_errors_status(&encoder->errors);
    /* libjpeg takes non-const rows but only reads them when compressing. */
    JSAMPROW luma_rows[2 * DCTSIZE], cb_rows[DCTSIZE], cr_rows[DCTSIZE];
    for (int index = 0; index < 2 * DCTSIZE; index++) luma_rows[index] = (JSAMPROW)(luma + index * luma_stride);
    for (int index = 0; index < DCTSIZE; index++) {
        cb_rows[index] = (JSAMPROW)(cb + index * chroma_stride);
        cr_rows[index] = (JSAMPROW)(cr + index * chroma_stride);
    }
    JSAMPARRAY planes[3] = {luma_rows, cb_rows, cr_rows};
    jpeg_write_raw_data(cinfo, planes, 2 * DCTSIZE);
    return SEPIA_STATUS_OK;
}

sepia_status sepia_jpeg_encoder_write_rows(sepia_jpeg_encoder *encoder, const uint8_t *rows, size_t bytes_per_row,
                                           uint32_t count) {
    j_compress_ptr cinfo = &encoder->cinfo;
    if (setjmp(encoder->errors.jump)) return sepia_jpeg_errors_status(&encoder->errors);
    JSAMPROW pointers[ROWS_PER_WRITE];
    while (count > 0) {
        const uint32_t batch = count < ROWS_PER_WRITE ? count : ROWS_PER_WRITE;
        for (uint32_t index = 0; index < batch; index++) {
            /* libjpeg takes non-const rows but only reads them when compressing. */
            pointers[index] = (JSAMPROW)(rows + index * bytes_per_row);
        }
        jpeg_write_scanlines(cinfo, pointers, batch);
        rows += batch * bytes_per_row;
        count -= batch;
    }
    return SEPIA_STATUS_OK;
}

sepia_status sepia_jpeg_encoder_finish(sepia_jpeg_encoder *encoder, sepia_encoded_data *output) {
    output->bytes = NULL;
    output->length = 0;
    if (setjmp(encoder->errors.jump)) return sepia_jpeg_errors_status(&encoder->errors);
    jpeg_finish_compress(&encoder->cinfo);
    sepia_jpeg_growing_destination_hand_over(&encoder->destination, output);
    return SEPIA_STATUS_OK;
}
