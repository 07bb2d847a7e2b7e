#include "sepia_reference_webp.h"

#include <webp/decode.h>
#include <webp/encode.h>

int sepia_reference_decode_webp(const uint8_t *data, size_t size, uint8_t *output, int *width, int *height) {
    if (!WebPGetInfo(data, size, width, height)) return -1;
    if (output == NULL) return 0;
    const size_t stride = (size_t)*width * 4;
    return WebPDecodeRGBAInto(data, size, output, stride * (size_t)*height, (int)stride) ? 0 : -1;
}

size_t sepia_reference_encode_webp(const uint8_t *rgba, int width, int height, int stride, float quality,
                                   uint8_t **output) {
    return WebPEncodeRGBA(rgba, width, height, stride, quality, output);
}

void sepia_reference_free_webp(uint8_t *bytes) {
    WebPFree(bytes);
}
