#include "sepia_png.h"

#include <stdlib.h>
#include <string.h>

#include "sepia_huge_pages.h"
#include "sepia_png_decoder_internal.h"

static void read_from_memory(png_structp png, png_bytep destination, size_t length) {
    sepia_png_decoder *decoder = png_get_io_ptr(png);
    if (length > decoder->size - decoder->offset) {
        decoder->diagnostics.data_ended_early = true;
        png_error(png, "PNG data ends early");
    }
    memcpy(destination, decoder->data + decoder->offset, length);
    decoder->offset += length;
}

void sepia_png_decoder_destroy(sepia_png_decoder *decoder) {
    if (decoder == NULL) return;
    png_destroy_read_struct(&decoder->png, &decoder->info, NULL);
    free(decoder->rows);
    free(decoder);
}

/* Creates libpng's read and info structs; false when that failed (out of memory). */
static bool create_read_struct(sepia_png_decoder *decoder) {
    if (setjmp(decoder->errors.jump)) return false;
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &decoder->errors,
                                          sepia_png_errors_record_error, sepia_png_errors_record_warning);
    if (decoder->png == NULL) return false;
    decoder->info = png_create_info_struct(decoder->png);
    if (decoder->info == NULL) return false;
    png_set_read_fn(decoder->png, decoder, read_from_memory);
    /* The caller's pixel limit decides what is too large, not libpng's 1,000,000-pixel side. */
    png_set_user_limits(decoder->png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    return true;
}

sepia_png_decoder *sepia_png_decoder_create(void) {
    sepia_png_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    decoder->errors.diagnostics = &decoder->diagnostics;
    if (!create_read_struct(decoder)) {
        sepia_png_decoder_destroy(decoder);
        return NULL;
    }
    return decoder;
}

const sepia_diagnostics *sepia_png_decoder_diagnostics(const sepia_png_decoder *decoder) {
    return &decoder->diagnostics;
}

sepia_status sepia_png_decoder_read_header(sepia_png_decoder *decoder, const void *data, size_t size,
                                           uint32_t *width, uint32_t *height) {
    if (setjmp(decoder->errors.jump)) return sepia_png_errors_status(&decoder->errors);
    decoder->data = data;
    decoder->size = size;
    decoder->offset = 0;
    png_read_info(decoder->png, decoder->info);
    *width = png_get_image_width(decoder->png, decoder->info);
    *height = png_get_image_height(decoder->png, decoder->info);
    return SEPIA_STATUS_OK;
}

void sepia_png_decoder_chunks(const sepia_png_decoder *decoder, sepia_png_chunks *chunks) {
    memset(chunks, 0, sizeof *chunks);
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_length = 0;
    if (png_get_iCCP(png, info, &name, &compression, &profile, &profile_length) && profile != NULL) {
        chunks->icc_profile = profile;
        chunks->icc_profile_length = profile_length;
    }
    int intent = 0;
    chunks->srgb = png_get_sRGB(png, info, &intent) != 0;
    chunks->has_gamma = png_get_gAMA(png, info, &chunks->gamma) != 0 && chunks->gamma > 0;
    sepia_chromaticities *c = &chunks->chromaticities;
    chunks->has_chromaticities = png_get_cHRM(png, info, &c->white_x, &c->white_y, &c->red_x, &c->red_y, &c->green_x,
                                              &c->green_y, &c->blue_x, &c->blue_y) != 0;
    png_uint_32 exif_length = 0;
    png_bytep exif = NULL;
    if (png_get_eXIf_1(png, info, &exif_length, &exif) && exif != NULL) {
        chunks->exif_tiff = exif;
        chunks->exif_tiff_length = exif_length;
    }
}

void sepia_png_request_rgba8_samples(png_structp png, png_infop info) {
    const int color_type = png_get_color_type(png, info);
    png_set_expand(png);   /* palette -> RGB, gray below 8 bits -> 8 bits, tRNS -> alpha */
    png_set_scale_16(png); /* 16 -> 8 bits, round(v / 257) */
    png_set_gray_to_rgb(png);
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    }
}

/* Asks libpng for 8-bit RGBA whatever the stored colour type and bit depth, deinterlaced. */
static void request_rgba8(png_structp png, png_infop info) {
    sepia_png_request_rgba8_samples(png, info);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
}

/* After every row: a problem from here on is a warning, and the decode still succeeds. */
static sepia_status keep_as_warning(sepia_png_decoder *decoder) {
    sepia_diagnostics_add_warning(&decoder->diagnostics, decoder->diagnostics.error);
    decoder->diagnostics.error[0] = '\0';
    decoder->diagnostics.data_ended_early = false;
    return SEPIA_STATUS_OK;
}

/* Sets up 8-bit RGBA output and checks that libpng agrees on the row length. */
static sepia_status prepare_rgba8(sepia_png_decoder *decoder) {
    request_rgba8(decoder->png, decoder->info);
    if (png_get_rowbytes(decoder->png, decoder->info) != (size_t)png_get_image_width(decoder->png, decoder->info) * 4) {
        sepia_diagnostics_set_error(&decoder->diagnostics, "libpng did not produce 8-bit RGBA rows");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    return SEPIA_STATUS_OK;
}

sepia_status sepia_png_decoder_read_pixels(sepia_png_decoder *decoder, uint8_t *rgba, size_t bytes_per_row) {
    if (setjmp(decoder->errors.jump)) {
        if (!decoder->image_complete) return sepia_png_errors_status(&decoder->errors);
        return keep_as_warning(decoder);
    }
    png_structp png = decoder->png;
    sepia_status status = prepare_rgba8(decoder);
    if (status != SEPIA_STATUS_OK) return status;
    const png_uint_32 height = png_get_image_height(png, decoder->info);
    decoder->rows = malloc((size_t)height * sizeof *decoder->rows);
    if (decoder->rows == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    for (png_uint_32 y = 0; y < height; y++) decoder->rows[y] = rgba + (size_t)y * bytes_per_row;
    sepia_prefer_huge_pages(rgba, (size_t)height * bytes_per_row);

    png_read_image(png, decoder->rows);
    decoder->image_complete = true;
    png_read_end(png, NULL);
    return SEPIA_STATUS_OK;
}

bool sepia_png_decoder_is_interlaced(const sepia_png_decoder *decoder) {
    return png_get_interlace_type(decoder->png, decoder->info) != PNG_INTERLACE_NONE;
}

sepia_status sepia_png_decoder_start_rows(sepia_png_decoder *decoder) {
    if (sepia_png_decoder_is_interlaced(decoder)) {
        sepia_diagnostics_set_error(&decoder->diagnostics, "an interlaced PNG cannot be read row by row");
        return SEPIA_STATUS_UNSUPPORTED;
    }
    if (setjmp(decoder->errors.jump)) return sepia_png_errors_status(&decoder->errors);
    return prepare_rgba8(decoder);
}

sepia_status sepia_png_decoder_read_rows(sepia_png_decoder *decoder, uint8_t *rgba, size_t bytes_per_row,
                                         uint32_t capacity, uint32_t *count) {
    *count = 0;
    if (setjmp(decoder->errors.jump)) return sepia_png_errors_status(&decoder->errors);
    const png_uint_32 height = png_get_image_height(decoder->png, decoder->info);
    while (*count < capacity && decoder->next_row < height) {
        png_read_row(decoder->png, rgba + (size_t)*count * bytes_per_row, NULL);
        decoder->next_row++;
        (*count)++;
    }
    decoder->image_complete = decoder->next_row == height;
    return SEPIA_STATUS_OK;
}

sepia_status sepia_png_decoder_finish_rows(sepia_png_decoder *decoder) {
    if (!decoder->image_complete) {
        sepia_diagnostics_set_error(&decoder->diagnostics, "finish_rows before every row was read");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    if (setjmp(decoder->errors.jump)) return keep_as_warning(decoder);
    png_read_end(decoder->png, NULL);
    return SEPIA_STATUS_OK;
}
