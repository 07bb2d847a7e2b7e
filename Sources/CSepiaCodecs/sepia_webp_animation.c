#include "sepia_webp.h"

#include <stdlib.h>
#include <string.h>

#include <webp/demux.h>

#include "sepia_diagnostics_internal.h"

struct sepia_webp_animation {
    WebPAnimDecoder *decoder;
    uint32_t width;
    uint32_t height;
    uint32_t frames_read;
};

sepia_webp_animation *sepia_webp_animation_create(const void *data, size_t size, uint32_t width, uint32_t height,
                                                  sepia_diagnostics *diagnostics) {
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) {
        sepia_diagnostics_set_error(diagnostics, "libwebp's animation decoder has an unexpected version");
        return NULL;
    }
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    sepia_webp_animation *animation = calloc(1, sizeof *animation);
    if (animation == NULL) {
        sepia_diagnostics_set_error(diagnostics, "there is not enough memory for the animation decoder");
        return NULL;
    }
    const WebPData webp = {data, size};
    animation->decoder = WebPAnimDecoderNew(&webp, &options);
    WebPAnimInfo info;
    if (animation->decoder == NULL || !WebPAnimDecoderGetInfo(animation->decoder, &info)) {
        sepia_diagnostics_set_error(diagnostics, "libwebp could not set up the animation (invalid frames or no memory)");
        sepia_webp_animation_destroy(animation);
        return NULL;
    }
    if (info.canvas_width != width || info.canvas_height != height) {
        sepia_diagnostics_set_error(diagnostics, "the animation's canvas differs from the size its header gives");
        sepia_webp_animation_destroy(animation);
        return NULL;
    }
    animation->width = info.canvas_width;
    animation->height = info.canvas_height;
    return animation;
}

void sepia_webp_animation_destroy(sepia_webp_animation *animation) {
    if (animation == NULL) return;
    WebPAnimDecoderDelete(animation->decoder);
    free(animation);
}

sepia_status sepia_webp_animation_next(sepia_webp_animation *animation, uint8_t *rgba, size_t bytes_per_row,
                                       int *timestamp, bool *decoded, sepia_diagnostics *diagnostics) {
    *decoded = false;
    if (!WebPAnimDecoderHasMoreFrames(animation->decoder)) return SEPIA_STATUS_OK;
    uint8_t *canvas = NULL;
    if (!WebPAnimDecoderGetNext(animation->decoder, &canvas, timestamp)) {
        sepia_diagnostics_set_error(diagnostics, animation->frames_read == 0
                                                     ? "the first frame of the animation could not be decoded"
                                                     : "a frame of the animation could not be decoded");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    const size_t row_bytes = (size_t)animation->width * 4;
    for (uint32_t y = 0; y < animation->height; y++) memcpy(rgba + (size_t)y * bytes_per_row, canvas + y * row_bytes, row_bytes);
    animation->frames_read += 1;
    *decoded = true;
    return SEPIA_STATUS_OK;
}
