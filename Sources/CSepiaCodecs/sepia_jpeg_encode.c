#include "sepia_jpeg.h"

#include <limits.h>
#include <stdlib.h>

#include "sepia_jpeg_errors.h"

/* Rows handed to one jpeg_write_scanlines call. */
#define ROWS_PER_WRITE 32

/* Everything libjpeg may write to before a longjmp lives on the heap, not in locals. */
typedef struct jpeg_encoder {
    struct jpeg_compress_struct cinfo;
    sepia_jpeg_errors errors;
    unsigned char *buffer; /* jpeg_mem_dest's malloc'd output */
    unsigned long length;
} jpeg_encoder;

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

static void write_jpeg(jpeg_encoder *encoder, const uint8_t *rgba, uint32_t width, uint32_t height,
                       size_t bytes_per_row, int quality, const sepia_output_metadata *metadata) {
    j_compress_ptr cinfo = &encoder->cinfo;
    jpeg_create_compress(cinfo);
    jpeg_mem_dest(cinfo, &encoder->buffer, &encoder->length);

    cinfo->image_width = width;
    cinfo->image_height = height;
    cinfo->input_components = 4;
    cinfo->in_color_space = JCS_EXT_RGBA; /* libjpeg-turbo skips the alpha byte */
    jpeg_set_defaults(cinfo);             /* YCbCr with 4:2:0 subsampling, accurate integer DCT */
    jpeg_set_quality(cinfo, quality, TRUE);
    jpeg_start_compress(cinfo, TRUE);
    write_metadata(cinfo, metadata);

    JSAMPROW rows[ROWS_PER_WRITE];
    while (cinfo->next_scanline < cinfo->image_height) {
        const JDIMENSION first = cinfo->next_scanline;
        JDIMENSION count = cinfo->image_height - first;
        if (count > ROWS_PER_WRITE) count = ROWS_PER_WRITE;
        for (JDIMENSION index = 0; index < count; index++) {
            /* libjpeg takes non-const rows but only reads them when compressing. */
            rows[index] = (JSAMPROW)(rgba + (size_t)(first + index) * bytes_per_row);
        }
        jpeg_write_scanlines(cinfo, rows, count);
    }
    jpeg_finish_compress(cinfo);
}

sepia_status sepia_jpeg_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t bytes_per_row,
                               int quality, const sepia_output_metadata *metadata, sepia_encoded_data *output,
                               sepia_diagnostics *diagnostics) {
    output->bytes = NULL;
    output->length = 0;
    jpeg_encoder *encoder = calloc(1, sizeof *encoder);
    if (encoder == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    sepia_jpeg_errors_install(&encoder->errors, (j_common_ptr)&encoder->cinfo, diagnostics);

    sepia_status status = SEPIA_STATUS_OK;
    if (setjmp(encoder->errors.jump)) {
        status = sepia_jpeg_errors_status(&encoder->errors);
    } else {
        write_jpeg(encoder, rgba, width, height, bytes_per_row, quality, metadata);
        output->bytes = encoder->buffer;
        output->length = encoder->length;
        encoder->buffer = NULL;
    }
    jpeg_destroy_compress(&encoder->cinfo);
    free(encoder->buffer);
    free(encoder);
    return status;
}
