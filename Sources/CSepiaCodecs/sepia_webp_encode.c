#include "sepia_webp.h"

#include <stdlib.h>
#include <string.h>

#include <webp/encode.h>
#include <webp/mux.h>

#include "sepia_diagnostics_internal.h"

/* A sentence for libwebp's encoding error codes (encode.h, WebPEncodingError). */
static const char *describe(WebPEncodingError code) {
    switch (code) {
    case VP8_ENC_ERROR_OUT_OF_MEMORY:
    case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY:
        return "libwebp ran out of memory";
    case VP8_ENC_ERROR_BAD_DIMENSION:
        return "the image size is outside WebP's limits";
    case VP8_ENC_ERROR_PARTITION0_OVERFLOW:
    case VP8_ENC_ERROR_PARTITION_OVERFLOW:
        return "a VP8 partition would exceed its size limit";
    case VP8_ENC_ERROR_FILE_TOO_BIG:
        return "the file would be larger than 4 GB";
    default:
        return "libwebp could not encode the image";
    }
}

/* A sentence for libwebpmux's error codes (mux_types.h, WebPMuxError). */
static const char *describe_mux(WebPMuxError code) {
    switch (code) {
    case WEBP_MUX_MEMORY_ERROR: return "libwebpmux ran out of memory";
    case WEBP_MUX_BAD_DATA: return "libwebpmux could not read the encoded image";
    default: return "libwebpmux could not add the metadata chunks";
    }
}

/* Copies `size` bytes into `output` with malloc. */
static sepia_status copy_out(const uint8_t *bytes, size_t size, sepia_encoded_data *output) {
    output->bytes = malloc(size);
    if (output->bytes == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    memcpy(output->bytes, bytes, size);
    output->length = size;
    return SEPIA_STATUS_OK;
}

/*
 * The encoded WebP `image` (VP8 or VP8L, or VP8X with an ALPH chunk for lossy alpha) with the
 * metadata's EXIF and ICCP chunks added by libwebpmux, which also writes the VP8X header that
 * announces them.
 */
static sepia_status add_chunks(const uint8_t *image, size_t size, const sepia_output_metadata *metadata,
                               sepia_encoded_data *output, sepia_diagnostics *diagnostics) {
    WebPMux *mux = WebPMuxNew();
    if (mux == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    const WebPData bitstream = {image, size};
    WebPMuxError error = WebPMuxSetImage(mux, &bitstream, 0);
    if (error == WEBP_MUX_OK && metadata->exif_tiff != NULL && metadata->exif_tiff_length > 0) {
        const WebPData exif = {metadata->exif_tiff, metadata->exif_tiff_length};
        error = WebPMuxSetChunk(mux, "EXIF", &exif, 0);
    }
    if (error == WEBP_MUX_OK && metadata->icc_profile != NULL && metadata->icc_profile_length > 0) {
        const WebPData profile = {metadata->icc_profile, metadata->icc_profile_length};
        error = WebPMuxSetChunk(mux, "ICCP", &profile, 0);
    }
    WebPData assembled = {NULL, 0};
    if (error == WEBP_MUX_OK) error = WebPMuxAssemble(mux, &assembled);
    WebPMuxDelete(mux);
    sepia_status status = SEPIA_STATUS_OK;
    if (error == WEBP_MUX_OK) {
        status = copy_out(assembled.bytes, assembled.size, output);
    } else {
        sepia_diagnostics_set_error(diagnostics, describe_mux(error));
        status = error == WEBP_MUX_MEMORY_ERROR ? SEPIA_STATUS_OUT_OF_MEMORY : SEPIA_STATUS_LIBRARY_ERROR;
    }
    WebPDataClear(&assembled);
    return status;
}

/* Whether `metadata` asks for any chunk. */
static bool has_chunks(const sepia_output_metadata *metadata) {
    return metadata != NULL && ((metadata->exif_tiff != NULL && metadata->exif_tiff_length > 0) ||
                                (metadata->icc_profile != NULL && metadata->icc_profile_length > 0));
}

sepia_status sepia_webp_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t bytes_per_row,
                               int quality, bool lossless, const sepia_output_metadata *metadata,
                               sepia_encoded_data *output, sepia_diagnostics *diagnostics) {
    output->bytes = NULL;
    output->length = 0;
    WebPConfig config;
    WebPPicture picture;
    if (!WebPConfigInit(&config) || !WebPPictureInit(&picture)) {
        sepia_diagnostics_set_error(diagnostics, "libwebp's encoder has an unexpected version");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    config.quality = (float)quality;
    config.lossless = lossless;
    config.exact = lossless;
    picture.use_argb = lossless;
    picture.width = (int)width;
    picture.height = (int)height;
    if (!WebPPictureImportRGBA(&picture, rgba, (int)bytes_per_row)) {
        WebPPictureFree(&picture);
        sepia_diagnostics_set_error(diagnostics, describe(picture.error_code));
        return picture.error_code == VP8_ENC_ERROR_OUT_OF_MEMORY ? SEPIA_STATUS_OUT_OF_MEMORY : SEPIA_STATUS_LIBRARY_ERROR;
    }
    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    const int encoded = WebPEncode(&config, &picture);
    const WebPEncodingError error = picture.error_code;
    WebPPictureFree(&picture);
    if (!encoded) {
        WebPMemoryWriterClear(&writer);
        sepia_diagnostics_set_error(diagnostics, describe(error));
        const bool no_memory = error == VP8_ENC_ERROR_OUT_OF_MEMORY || error == VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY;
        return no_memory ? SEPIA_STATUS_OUT_OF_MEMORY : SEPIA_STATUS_LIBRARY_ERROR;
    }
    /* The writer's buffer belongs to libwebp's allocator (WebPMemoryWriterClear frees it). */
    const sepia_status status = has_chunks(metadata) ? add_chunks(writer.mem, writer.size, metadata, output, diagnostics)
                                                     : copy_out(writer.mem, writer.size, output);
    WebPMemoryWriterClear(&writer);
    return status;
}

struct sepia_webp_animation_encoder {
    WebPAnimEncoder *encoder;
    WebPConfig config;
    uint32_t width;
    uint32_t height;
};

sepia_webp_animation_encoder *sepia_webp_animation_encoder_create(uint32_t width, uint32_t height, uint32_t loop_count,
                                                                  int quality, bool lossless,
                                                                  sepia_diagnostics *diagnostics) {
    sepia_webp_animation_encoder *animation = calloc(1, sizeof *animation);
    WebPAnimEncoderOptions options;
    if (animation == NULL) {
        sepia_diagnostics_set_error(diagnostics, "libwebp ran out of memory");
        return NULL;
    }
    if (!WebPConfigInit(&animation->config) || !WebPAnimEncoderOptionsInit(&options)) {
        sepia_diagnostics_set_error(diagnostics, "libwebp's animation encoder has an unexpected version");
        free(animation);
        return NULL;
    }
    animation->config.quality = (float)quality;
    animation->config.lossless = lossless;
    animation->config.exact = lossless;
    animation->width = width;
    animation->height = height;
    options.anim_params.loop_count = (int)loop_count;
    options.anim_params.bgcolor = 0; /* transparent black: a hint only, which browsers ignore */
    animation->encoder = WebPAnimEncoderNew((int)width, (int)height, &options);
    if (animation->encoder == NULL) {
        sepia_diagnostics_set_error(diagnostics, "libwebp could not start the animation (bad size or no memory)");
        free(animation);
        return NULL;
    }
    return animation;
}

void sepia_webp_animation_encoder_destroy(sepia_webp_animation_encoder *animation) {
    if (animation == NULL) return;
    WebPAnimEncoderDelete(animation->encoder);
    free(animation);
}

/* The animation encoder's own message for its last failure. */
static sepia_status animation_failed(sepia_webp_animation_encoder *animation, sepia_diagnostics *diagnostics) {
    const char *message = WebPAnimEncoderGetError(animation->encoder);
    sepia_diagnostics_set_error(diagnostics, message != NULL && message[0] != '\0' ? message : "libwebp could not encode the animation");
    return SEPIA_STATUS_LIBRARY_ERROR;
}

sepia_status sepia_webp_animation_encoder_add(sepia_webp_animation_encoder *animation, const uint8_t *rgba,
                                              size_t bytes_per_row, int timestamp, sepia_diagnostics *diagnostics) {
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) {
        sepia_diagnostics_set_error(diagnostics, "libwebp's encoder has an unexpected version");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    picture.use_argb = 1; /* WebPAnimEncoder works on ARGB pictures, lossy or lossless */
    picture.width = (int)animation->width;
    picture.height = (int)animation->height;
    if (!WebPPictureImportRGBA(&picture, rgba, (int)bytes_per_row)) {
        WebPPictureFree(&picture);
        sepia_diagnostics_set_error(diagnostics, describe(picture.error_code));
        return SEPIA_STATUS_OUT_OF_MEMORY;
    }
    const int added = WebPAnimEncoderAdd(animation->encoder, &picture, timestamp, &animation->config);
    WebPPictureFree(&picture);
    return added ? SEPIA_STATUS_OK : animation_failed(animation, diagnostics);
}

sepia_status sepia_webp_animation_encoder_finish(sepia_webp_animation_encoder *animation, int end_timestamp,
                                                 sepia_encoded_data *output, sepia_diagnostics *diagnostics) {
    output->bytes = NULL;
    output->length = 0;
    if (!WebPAnimEncoderAdd(animation->encoder, NULL, end_timestamp, NULL)) return animation_failed(animation, diagnostics);
    WebPData assembled = {NULL, 0};
    if (!WebPAnimEncoderAssemble(animation->encoder, &assembled)) return animation_failed(animation, diagnostics);
    const sepia_status status = copy_out(assembled.bytes, assembled.size, output);
    WebPDataClear(&assembled);
    return status;
}
