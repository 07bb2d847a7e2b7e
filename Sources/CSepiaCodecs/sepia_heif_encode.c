#include "sepia_heif.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <libheif/heif.h>

#include "sepia_heif_errors.h"
#include "sepia_heif_library.h"

/* heif_writer callback: keeps the file's bytes in a malloc'd sepia_encoded_data. */
static struct heif_error write_to_memory(struct heif_context *context, const void *data, size_t size, void *user_data) {
    (void)context;
    sepia_encoded_data *output = user_data;
    uint8_t *bytes = realloc(output->bytes, output->length + size);
    if (bytes == NULL) {
        return (struct heif_error){heif_error_Memory_allocation_error, heif_suberror_Unspecified, "out of memory"};
    }
    memcpy(bytes + output->length, data, size);
    output->bytes = bytes;
    output->length += size;
    return (struct heif_error){heif_error_Ok, heif_suberror_Unspecified, "Success"};
}

/* A libheif image holding a copy of the pixels: interleaved RGBA, or RGB without alpha. */
static sepia_status make_image(const uint8_t *rgba, uint32_t width, uint32_t height, size_t bytes_per_row, bool keep_alpha,
                               struct heif_image **image, sepia_diagnostics *diagnostics) {
    const enum heif_chroma chroma = keep_alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB;
    sepia_status status = sepia_heif_errors_record(
        libheif.heif_image_create((int)width, (int)height, heif_colorspace_RGB, chroma, image), diagnostics);
    if (status != SEPIA_STATUS_OK) return status;
    status = sepia_heif_errors_record(
        libheif.heif_image_add_plane(*image, heif_channel_interleaved, (int)width, (int)height, 8), diagnostics);
    if (status != SEPIA_STATUS_OK) return status;
    int stride = 0;
    uint8_t *plane = libheif.heif_image_get_plane(*image, heif_channel_interleaved, &stride);
    for (uint32_t row = 0; row < height; row++) {
        const uint8_t *source = rgba + (size_t)row * bytes_per_row;
        uint8_t *destination = plane + (size_t)row * (size_t)stride;
        if (keep_alpha) {
            memcpy(destination, source, (size_t)width * 4);
            continue;
        }
        for (uint32_t x = 0; x < width; x++, source += 4, destination += 3) memcpy(destination, source, 3);
    }
    return SEPIA_STATUS_OK;
}

/* Tags `image` with the metadata's ICC profile (a `colr` box of type `prof` once encoded). */
static sepia_status set_profile(struct heif_image *image, const sepia_output_metadata *metadata,
                                sepia_diagnostics *diagnostics) {
    if (metadata == NULL || metadata->icc_profile == NULL || metadata->icc_profile_length == 0) return SEPIA_STATUS_OK;
    return sepia_heif_errors_record(
        libheif.heif_image_set_raw_color_profile(image, "prof", metadata->icc_profile, metadata->icc_profile_length),
        diagnostics);
}

/* Adds the metadata's EXIF to the encoded image as an Exif item. */
static sepia_status add_exif(struct heif_context *context, const struct heif_image_handle *handle,
                             const sepia_output_metadata *metadata, sepia_diagnostics *diagnostics) {
    if (metadata == NULL || metadata->exif_tiff == NULL || metadata->exif_tiff_length == 0) return SEPIA_STATUS_OK;
    if (metadata->exif_tiff_length > INT_MAX) {
        sepia_diagnostics_set_error(diagnostics, "the EXIF data is larger than libheif accepts");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    return sepia_heif_errors_record(
        libheif.heif_context_add_exif_metadata(context, handle, metadata->exif_tiff, (int)metadata->exif_tiff_length),
        diagnostics);
}

/*
 * Encodes `image` into `context` with the metadata. An ICC profile alone would leave the file
 * without the nclx box that tells decoders how the samples were coded (libheif writes one or the
 * other by default), so both are kept.
 */
static sepia_status encode_image(struct heif_context *context, struct heif_image *image, struct heif_encoder *encoder,
                                 const sepia_output_metadata *metadata, sepia_diagnostics *diagnostics) {
    struct heif_encoding_options *options = libheif.heif_encoding_options_alloc();
    if (options == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    options->save_two_colr_boxes_when_ICC_and_nclx_available = 1;
    struct heif_image_handle *handle = NULL;
    sepia_status status = sepia_heif_errors_record(libheif.heif_context_encode_image(context, image, encoder, options, &handle),
                                                   diagnostics);
    libheif.heif_encoding_options_free(options);
    if (status == SEPIA_STATUS_OK) status = add_exif(context, handle, metadata, diagnostics);
    if (handle != NULL) libheif.heif_image_handle_release(handle);
    return status;
}

sepia_status sepia_heif_encode_avif(const uint8_t *rgba, uint32_t width, uint32_t height, size_t bytes_per_row,
                                    int quality, int speed, bool keep_alpha, const sepia_output_metadata *metadata,
                                    sepia_encoded_data *output, sepia_diagnostics *diagnostics) {
    *output = (sepia_encoded_data){0};
    if (!sepia_heif_library_start(diagnostics)) return SEPIA_STATUS_UNSUPPORTED;
    struct heif_context *context = libheif.heif_context_alloc();
    if (context == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    struct heif_image *image = NULL;
    struct heif_encoder *encoder = NULL;
    sepia_status status = make_image(rgba, width, height, bytes_per_row, keep_alpha, &image, diagnostics);
    if (status == SEPIA_STATUS_OK) status = set_profile(image, metadata, diagnostics);
    if (status == SEPIA_STATUS_OK) {
        status = sepia_heif_errors_record(libheif.heif_context_get_encoder_for_format(context, heif_compression_AV1, &encoder),
                                          diagnostics);
    }
    if (status == SEPIA_STATUS_OK) {
        status = sepia_heif_errors_record(libheif.heif_encoder_set_lossy_quality(encoder, quality), diagnostics);
    }
    if (status == SEPIA_STATUS_OK) {
        status = sepia_heif_errors_record(libheif.heif_encoder_set_parameter_integer(encoder, "speed", speed), diagnostics);
    }
    if (status == SEPIA_STATUS_OK) status = encode_image(context, image, encoder, metadata, diagnostics);
    if (status == SEPIA_STATUS_OK) {
        struct heif_writer writer = {.writer_api_version = 1, .write = write_to_memory};
        status = sepia_heif_errors_record(libheif.heif_context_write(context, &writer, output), diagnostics);
    }
    if (status != SEPIA_STATUS_OK) sepia_encoded_data_free(output);
    if (encoder != NULL) libheif.heif_encoder_release(encoder);
    if (image != NULL) libheif.heif_image_release(image);
    libheif.heif_context_free(context);
    return status;
}
