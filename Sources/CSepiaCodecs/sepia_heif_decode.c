#include "sepia_heif.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libheif/heif.h>

#include "sepia_heif_errors.h"
#include "sepia_heif_library.h"
#include "sepia_huge_pages.h"

struct sepia_heif_decoder {
    struct heif_context *context;
    struct heif_image_handle *handle;
    sepia_diagnostics diagnostics;
    sepia_heif_header header;
    uint8_t *icc_profile;
    uint8_t *exif;
};

sepia_heif_decoder *sepia_heif_decoder_create(void) {
    sepia_heif_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    /* Without libheif the decoder has no context, and reading the header reports why. */
    if (!sepia_heif_library_start(&decoder->diagnostics)) return decoder;
    decoder->context = libheif.heif_context_alloc();
    if (decoder->context == NULL) {
        free(decoder);
        return NULL;
    }
    return decoder;
}

void sepia_heif_decoder_destroy(sepia_heif_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->handle != NULL) libheif.heif_image_handle_release(decoder->handle);
    if (decoder->context != NULL) libheif.heif_context_free(decoder->context);
    free(decoder->icc_profile);
    free(decoder->exif);
    free(decoder);
}

const sepia_diagnostics *sepia_heif_decoder_diagnostics(const sepia_heif_decoder *decoder) {
    return &decoder->diagnostics;
}

/* The codec a brand implies (ISO/IEC 23008-12 Annex B brands, AV1-ISOBMFF's avif/avis). */
static enum heif_compression_format codec_of_brand(heif_brand2 brand) {
    if (brand == heif_fourcc('a', 'v', 'i', 'f') || brand == heif_fourcc('a', 'v', 'i', 's')) return heif_compression_AV1;
    if (brand == heif_fourcc('h', 'e', 'i', 'c') || brand == heif_fourcc('h', 'e', 'i', 'x') ||
        brand == heif_fourcc('h', 'e', 'i', 'm') || brand == heif_fourcc('h', 'e', 'i', 's') ||
        brand == heif_fourcc('h', 'e', 'v', 'c') || brand == heif_fourcc('h', 'e', 'v', 'x') ||
        brand == heif_fourcc('h', 'e', 'v', 'm') || brand == heif_fourcc('h', 'e', 'v', 's')) {
        return heif_compression_HEVC;
    }
    return heif_compression_undefined;
}

/* SEPIA_STATUS_UNSUPPORTED with a clear message when libheif here cannot decode the brand's codec. */
static sepia_status check_decoder(sepia_heif_decoder *decoder, const void *data, size_t size) {
    const int length = size < 64 ? (int)size : 64;
    const enum heif_compression_format codec = codec_of_brand(libheif.heif_read_main_brand(data, length));
    if (codec == heif_compression_undefined || libheif.heif_have_decoder_for_format(codec)) return SEPIA_STATUS_OK;
    sepia_diagnostics_set_error(&decoder->diagnostics,
                                codec == heif_compression_AV1 ? "this AVIF needs an AV1 decoder, which libheif here lacks"
                                                              : "this HEIC needs an HEVC decoder, which libheif here lacks");
    return SEPIA_STATUS_UNSUPPORTED;
}

/* Copies the `colr` box's ICC profile and nclx code points into the header. */
static sepia_status read_color_profile(sepia_heif_decoder *decoder) {
    sepia_heif_header *header = &decoder->header;
    const size_t profile_size = libheif.heif_image_handle_get_raw_color_profile_size(decoder->handle);
    if (profile_size > 0) {
        decoder->icc_profile = malloc(profile_size);
        if (decoder->icc_profile == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
        struct heif_error error = libheif.heif_image_handle_get_raw_color_profile(decoder->handle, decoder->icc_profile);
        if (error.code == heif_error_Ok) {
            header->icc_profile = decoder->icc_profile;
            header->icc_profile_length = profile_size;
        } else {
            sepia_diagnostics_add_warning(&decoder->diagnostics, error.message);
        }
    }
    struct heif_color_profile_nclx *nclx = NULL;
    if (libheif.heif_image_handle_get_nclx_color_profile(decoder->handle, &nclx).code == heif_error_Ok && nclx != NULL) {
        header->has_nclx = true;
        header->nclx_color_primaries = (uint16_t)nclx->color_primaries;
        header->nclx_transfer_characteristics = (uint16_t)nclx->transfer_characteristics;
        header->nclx_matrix_coefficients = (uint16_t)nclx->matrix_coefficients;
        header->nclx_full_range = nclx->full_range_flag != 0;
    }
    libheif.heif_nclx_color_profile_free(nclx);
    return SEPIA_STATUS_OK;
}

/*
 * Copies the first Exif item of the primary image and points the header at its TIFF structure:
 * the item starts with a 4-byte big-endian offset to the TIFF header (ISO/IEC 23008-12 A.2.1).
 * An item that cannot be read, or whose offset points outside it, is a warning.
 */
static sepia_status read_exif(sepia_heif_decoder *decoder) {
    heif_item_id id = 0;
    if (libheif.heif_image_handle_get_list_of_metadata_block_IDs(decoder->handle, "Exif", &id, 1) < 1) return SEPIA_STATUS_OK;
    const size_t size = libheif.heif_image_handle_get_metadata_size(decoder->handle, id);
    if (size <= 4) return SEPIA_STATUS_OK;
    decoder->exif = malloc(size);
    if (decoder->exif == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    struct heif_error error = libheif.heif_image_handle_get_metadata(decoder->handle, id, decoder->exif);
    if (error.code != heif_error_Ok) {
        sepia_diagnostics_add_warning(&decoder->diagnostics, error.message);
        return SEPIA_STATUS_OK;
    }
    const uint8_t *bytes = decoder->exif;
    const uint32_t offset = (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
    if (offset >= size - 4) {
        sepia_diagnostics_add_warning(&decoder->diagnostics, "the Exif item's TIFF header offset points past its end");
        return SEPIA_STATUS_OK;
    }
    decoder->header.exif_tiff = bytes + 4 + offset;
    decoder->header.exif_tiff_length = size - 4 - offset;
    return SEPIA_STATUS_OK;
}

sepia_status sepia_heif_decoder_read_header(sepia_heif_decoder *decoder, const void *data, size_t size, int maximum_side,
                                            sepia_heif_header *header) {
    sepia_diagnostics *diagnostics = &decoder->diagnostics;
    if (decoder->context == NULL) return SEPIA_STATUS_UNSUPPORTED; /* libheif could not be loaded */
    if (maximum_side > 0) libheif.heif_context_set_maximum_image_size_limit(decoder->context, maximum_side);
    sepia_status status =
        sepia_heif_errors_record(libheif.heif_context_read_from_memory_without_copy(decoder->context, data, size, NULL),
                                 diagnostics);
    if (status != SEPIA_STATUS_OK) return status;
    status = sepia_heif_errors_record(libheif.heif_context_get_primary_image_handle(decoder->context, &decoder->handle),
                                      diagnostics);
    if (status != SEPIA_STATUS_OK) return status;
    status = check_decoder(decoder, data, size);
    if (status != SEPIA_STATUS_OK) return status;

    sepia_heif_header *found = &decoder->header;
    const int width = libheif.heif_image_handle_get_width(decoder->handle);
    const int height = libheif.heif_image_handle_get_height(decoder->handle);
    const int stored_width = libheif.heif_image_handle_get_ispe_width(decoder->handle);
    const int stored_height = libheif.heif_image_handle_get_ispe_height(decoder->handle);
    if (width <= 0 || height <= 0 || stored_width <= 0 || stored_height <= 0) {
        sepia_diagnostics_set_error(diagnostics, "the primary image has no size (no ispe property)");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    found->width = (uint32_t)width;
    found->height = (uint32_t)height;
    found->stored_width = (uint32_t)stored_width;
    found->stored_height = (uint32_t)stored_height;
    found->luma_bits = libheif.heif_image_handle_get_luma_bits_per_pixel(decoder->handle);
    found->has_alpha = libheif.heif_image_handle_has_alpha_channel(decoder->handle) != 0;
    status = read_color_profile(decoder);
    if (status == SEPIA_STATUS_OK) status = read_exif(decoder);
    *header = *found;
    return status;
}

sepia_status sepia_heif_decoder_read_pixels(sepia_heif_decoder *decoder, uint8_t *rgba, size_t bytes_per_row) {
    sepia_diagnostics *diagnostics = &decoder->diagnostics;
    struct heif_decoding_options *options = libheif.heif_decoding_options_alloc();
    if (options == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    options->convert_hdr_to_8bit = 1;
    struct heif_image *image = NULL;
    sepia_status status = sepia_heif_errors_record(
        libheif.heif_decode_image(decoder->handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options),
        diagnostics);
    libheif.heif_decoding_options_free(options);
    if (status != SEPIA_STATUS_OK) return status;

    int stride = 0;
    const uint8_t *plane = libheif.heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
    const uint32_t width = decoder->header.width, height = decoder->header.height;
    if (plane == NULL || libheif.heif_image_get_width(image, heif_channel_interleaved) != (int)width ||
        libheif.heif_image_get_height(image, heif_channel_interleaved) != (int)height ||
        libheif.heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved) != 8) {
        sepia_diagnostics_set_error(diagnostics, "libheif did not produce 8-bit RGBA of the announced size");
        libheif.heif_image_release(image);
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    sepia_prefer_huge_pages(rgba, (size_t)height * bytes_per_row);
    for (uint32_t row = 0; row < height; row++) {
        memcpy(rgba + (size_t)row * bytes_per_row, plane + (size_t)row * (size_t)stride, (size_t)width * 4);
    }
    libheif.heif_image_release(image);
    return SEPIA_STATUS_OK;
}
