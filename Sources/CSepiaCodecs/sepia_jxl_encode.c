#include "sepia_jxl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jxl/encode.h>

#include "sepia_jxl_library.h"

/* The first output buffer; it doubles while libjxl asks for more. */
enum { FIRST_OUTPUT_CAPACITY = 64 * 1024 };

/* Records libjxl's error code for a failed `step`, and returns its status. */
static sepia_status failure(JxlEncoder *encoder, const char *step, sepia_diagnostics *diagnostics) {
    const JxlEncoderError error = libjxl.JxlEncoderGetError(encoder);
    const char *reason = "an error";
    switch (error) {
    case JXL_ENC_ERR_OOM: reason = "out of memory"; break;
    case JXL_ENC_ERR_BAD_INPUT: reason = "bad input"; break;
    case JXL_ENC_ERR_NOT_SUPPORTED: reason = "something unsupported"; break;
    case JXL_ENC_ERR_API_USAGE: reason = "a call out of order"; break;
    default: break;
    }
    char message[SEPIA_MESSAGE_CAPACITY];
    snprintf(message, sizeof message, "libjxl reported %s (code %d) while %s", reason, (int)error, step);
    sepia_diagnostics_set_error(diagnostics, message);
    return error == JXL_ENC_ERR_OOM ? SEPIA_STATUS_OUT_OF_MEMORY : SEPIA_STATUS_LIBRARY_ERROR;
}

/* The image's size, channels and colour encoding (sRGB's, enumerated). */
static sepia_status describe_image(JxlEncoder *encoder, uint32_t width, uint32_t height, bool lossless, bool keep_alpha,
                                   sepia_diagnostics *diagnostics) {
    JxlBasicInfo info;
    libjxl.JxlEncoderInitBasicInfo(&info);
    info.xsize = width;
    info.ysize = height;
    info.bits_per_sample = 8;
    info.num_color_channels = 3;
    info.num_extra_channels = keep_alpha ? 1 : 0;
    info.alpha_bits = keep_alpha ? 8 : 0;
    /* Lossless samples must stay in their own space; lossy ones are turned into XYB. */
    info.uses_original_profile = lossless ? JXL_TRUE : JXL_FALSE;
    if (libjxl.JxlEncoderSetBasicInfo(encoder, &info) != JXL_ENC_SUCCESS) {
        return failure(encoder, "setting the image size", diagnostics);
    }
    JxlColorEncoding srgb;
    libjxl.JxlColorEncodingSetToSRGB(&srgb, JXL_FALSE);
    if (libjxl.JxlEncoderSetColorEncoding(encoder, &srgb) != JXL_ENC_SUCCESS) {
        return failure(encoder, "setting the colour encoding", diagnostics);
    }
    return SEPIA_STATUS_OK;
}

/* Adds the metadata's EXIF as an Exif box: a 4-byte offset (0), then the TIFF structure. */
static sepia_status add_exif(JxlEncoder *encoder, const sepia_output_metadata *metadata, sepia_diagnostics *diagnostics) {
    if (metadata == NULL || metadata->exif_tiff == NULL || metadata->exif_tiff_length == 0) return SEPIA_STATUS_OK;
    uint8_t *box = malloc(metadata->exif_tiff_length + 4);
    if (box == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    memset(box, 0, 4);
    memcpy(box + 4, metadata->exif_tiff, metadata->exif_tiff_length);
    sepia_status status = SEPIA_STATUS_OK;
    if (libjxl.JxlEncoderUseBoxes(encoder) != JXL_ENC_SUCCESS ||
        libjxl.JxlEncoderAddBox(encoder, "Exif", box, metadata->exif_tiff_length + 4, JXL_FALSE) != JXL_ENC_SUCCESS) {
        status = failure(encoder, "adding the Exif box", diagnostics);
    }
    free(box);
    return status;
}

/*
 * Adds the frame: RGBA rows as they are when they are packed and alpha is kept, otherwise a
 * packed copy (RGB without alpha), which libjxl copies again anyway.
 */
static sepia_status add_frame(JxlEncoder *encoder, JxlEncoderFrameSettings *settings, const uint8_t *rgba, uint32_t width,
                              uint32_t height, size_t bytes_per_row, bool keep_alpha, sepia_diagnostics *diagnostics) {
    const uint32_t channels = keep_alpha ? 4 : 3;
    const JxlPixelFormat format = {channels, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
    const size_t packed_row = (size_t)width * channels;
    const uint8_t *pixels = rgba;
    uint8_t *packed = NULL;
    if (!keep_alpha || bytes_per_row != packed_row) {
        packed = malloc(packed_row * height);
        if (packed == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
        for (uint32_t row = 0; row < height; row++) {
            const uint8_t *source = rgba + (size_t)row * bytes_per_row;
            uint8_t *destination = packed + (size_t)row * packed_row;
            if (keep_alpha) {
                memcpy(destination, source, packed_row);
                continue;
            }
            for (uint32_t x = 0; x < width; x++, source += 4, destination += 3) memcpy(destination, source, 3);
        }
        pixels = packed;
    }
    sepia_status status = SEPIA_STATUS_OK;
    if (libjxl.JxlEncoderAddImageFrame(settings, &format, pixels, packed_row * height) != JXL_ENC_SUCCESS) {
        status = failure(encoder, "adding the image", diagnostics);
    }
    free(packed);
    return status;
}

/* Runs the encoder to the end, into a malloc'd buffer that doubles as libjxl fills it. */
static sepia_status collect_output(JxlEncoder *encoder, sepia_encoded_data *output, sepia_diagnostics *diagnostics) {
    size_t capacity = FIRST_OUTPUT_CAPACITY;
    output->bytes = malloc(capacity);
    if (output->bytes == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    uint8_t *next = output->bytes;
    size_t available = capacity;
    for (;;) {
        const JxlEncoderStatus status = libjxl.JxlEncoderProcessOutput(encoder, &next, &available);
        const size_t used = (size_t)(next - output->bytes);
        if (status == JXL_ENC_SUCCESS) {
            output->length = used;
            return SEPIA_STATUS_OK;
        }
        if (status != JXL_ENC_NEED_MORE_OUTPUT) return failure(encoder, "encoding", diagnostics);
        uint8_t *grown = realloc(output->bytes, capacity * 2);
        if (grown == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
        output->bytes = grown;
        capacity *= 2;
        next = grown + used;
        available = capacity - used;
    }
}

sepia_status sepia_jxl_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t bytes_per_row, float distance,
                              int effort, bool keep_alpha, const sepia_output_metadata *metadata,
                              sepia_encoded_data *output, sepia_diagnostics *diagnostics) {
    *output = (sepia_encoded_data){0};
    if (!sepia_jxl_library_start(diagnostics)) return SEPIA_STATUS_UNSUPPORTED;
    JxlEncoder *encoder = libjxl.JxlEncoderCreate(NULL);
    if (encoder == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    const bool lossless = distance <= 0;
    sepia_status status = describe_image(encoder, width, height, lossless, keep_alpha, diagnostics);
    if (status == SEPIA_STATUS_OK) status = add_exif(encoder, metadata, diagnostics);
    JxlEncoderFrameSettings *settings = NULL;
    if (status == SEPIA_STATUS_OK) {
        settings = libjxl.JxlEncoderFrameSettingsCreate(encoder, NULL);
        if (settings == NULL) status = failure(encoder, "creating the frame settings", diagnostics);
    }
    if (status == SEPIA_STATUS_OK) {
        const bool set = libjxl.JxlEncoderFrameSettingsSetOption(settings, JXL_ENC_FRAME_SETTING_EFFORT, effort) ==
                             JXL_ENC_SUCCESS &&
                         (lossless ? libjxl.JxlEncoderSetFrameLossless(settings, JXL_TRUE)
                                   : libjxl.JxlEncoderSetFrameDistance(settings, distance)) == JXL_ENC_SUCCESS;
        if (!set) status = failure(encoder, "setting the effort and distance", diagnostics);
    }
    if (status == SEPIA_STATUS_OK) {
        status = add_frame(encoder, settings, rgba, width, height, bytes_per_row, keep_alpha, diagnostics);
    }
    if (status == SEPIA_STATUS_OK) {
        libjxl.JxlEncoderCloseInput(encoder);
        status = collect_output(encoder, output, diagnostics);
    }
    if (status != SEPIA_STATUS_OK) sepia_encoded_data_free(output);
    libjxl.JxlEncoderDestroy(encoder);
    return status;
}
