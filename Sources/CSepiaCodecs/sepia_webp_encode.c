#include "sepia_webp.h"

#include <stdlib.h>
#include <string.h>

#include <webp/encode.h>

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

sepia_status sepia_webp_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t bytes_per_row,
                               int quality, bool lossless, sepia_encoded_data *output,
                               sepia_diagnostics *diagnostics) {
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
    output->bytes = malloc(writer.size);
    if (output->bytes == NULL) {
        WebPMemoryWriterClear(&writer);
        return SEPIA_STATUS_OUT_OF_MEMORY;
    }
    memcpy(output->bytes, writer.mem, writer.size);
    output->length = writer.size;
    WebPMemoryWriterClear(&writer);
    return SEPIA_STATUS_OK;
}
