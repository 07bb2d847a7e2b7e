#include "sepia_png.h"

#include <stdlib.h>
#include <string.h>

#include "sepia_png_errors.h"

/* Everything libpng may write to before a longjmp lives on the heap, not in locals. */
typedef struct png_encoder {
    png_structp png;
    png_infop info;
    sepia_png_errors errors;
    png_bytep *rows;
    uint8_t *bytes; /* the growing output */
    size_t length;
    size_t capacity;
} png_encoder;

/* Makes room for `length` more bytes, doubling the capacity; false when memory is short. */
static bool reserve(png_encoder *encoder, size_t length) {
    if (length <= encoder->capacity - encoder->length) return true;
    if (length > SIZE_MAX / 2 - encoder->length) return false;
    const size_t needed = encoder->length + length;
    size_t capacity = encoder->capacity ? encoder->capacity : 4096;
    while (capacity < needed) capacity *= 2;
    uint8_t *bytes = realloc(encoder->bytes, capacity);
    if (bytes == NULL) return false;
    encoder->bytes = bytes;
    encoder->capacity = capacity;
    return true;
}

static void append_to_memory(png_structp png, png_bytep data, size_t length) {
    png_encoder *encoder = png_get_io_ptr(png);
    if (!reserve(encoder, length)) {
        encoder->errors.out_of_memory = true;
        png_error(png, "out of memory for the PNG output");
    }
    memcpy(encoder->bytes + encoder->length, data, length);
    encoder->length += length;
}

static void flush_nothing(png_structp png) { (void)png; }

static sepia_status write_png(png_encoder *encoder, const uint8_t *rgba, uint32_t width, uint32_t height,
                              size_t bytes_per_row, bool keep_alpha, const sepia_png_metadata *metadata) {
    encoder->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &encoder->errors,
                                           sepia_png_errors_record_error, sepia_png_errors_record_warning);
    if (encoder->png == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    encoder->info = png_create_info_struct(encoder->png);
    if (encoder->info == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    encoder->rows = malloc((size_t)height * sizeof *encoder->rows);
    if (encoder->rows == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    for (uint32_t y = 0; y < height; y++) encoder->rows[y] = (png_bytep)(rgba + (size_t)y * bytes_per_row);

    png_set_write_fn(encoder->png, encoder, append_to_memory, flush_nothing);
    png_set_user_limits(encoder->png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_set_IHDR(encoder->png, encoder->info, width, height, 8,
                 keep_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (metadata != NULL && metadata->srgb) {
        png_set_sRGB_gAMA_and_cHRM(encoder->png, encoder->info, PNG_sRGB_INTENT_PERCEPTUAL);
    }
    if (metadata != NULL && metadata->exif_tiff != NULL && metadata->exif_tiff_length <= PNG_UINT_31_MAX) {
        /* libpng copies the bytes; its prototype is not const-correct. */
        png_set_eXIf_1(encoder->png, encoder->info, (png_uint_32)metadata->exif_tiff_length, (png_bytep)metadata->exif_tiff);
    }
    png_write_info(encoder->png, encoder->info);
    if (!keep_alpha) png_set_filler(encoder->png, 0, PNG_FILLER_AFTER); /* skip the 4th byte */
    png_write_image(encoder->png, encoder->rows);
    png_write_end(encoder->png, NULL);
    return SEPIA_STATUS_OK;
}

sepia_status sepia_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t bytes_per_row,
                              bool keep_alpha, const sepia_png_metadata *metadata, sepia_encoded_data *output,
                              sepia_diagnostics *diagnostics) {
    output->bytes = NULL;
    output->length = 0;
    png_encoder *encoder = calloc(1, sizeof *encoder);
    if (encoder == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    encoder->errors.diagnostics = diagnostics;

    sepia_status status;
    if (setjmp(encoder->errors.jump)) {
        status = sepia_png_errors_status(&encoder->errors);
    } else {
        status = write_png(encoder, rgba, width, height, bytes_per_row, keep_alpha, metadata);
    }
    if (status == SEPIA_STATUS_OK) {
        output->bytes = encoder->bytes;
        output->length = encoder->length;
        encoder->bytes = NULL;
    }
    png_destroy_write_struct(&encoder->png, &encoder->info);
    free(encoder->rows);
    free(encoder->bytes);
    free(encoder);
    return status;
}
