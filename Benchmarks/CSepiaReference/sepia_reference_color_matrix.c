#include "sepia_reference.h"
#include <math.h>

void sepia_reference_color_matrix_float(uint8_t *restrict pixels, size_t pixel_count, const float matrix[9]) {
    const float rr = matrix[0], rg = matrix[1], rb = matrix[2];
    const float gr = matrix[3], gg = matrix[4], gb = matrix[5];
    const float br = matrix[6], bg = matrix[7], bb = matrix[8];
    for (size_t i = 0; i < pixel_count * 4; i += 4) {
        float r = pixels[i], g = pixels[i + 1], b = pixels[i + 2];
        float nr = rr * r + rg * g + rb * b + 0.5f;
        float ng = gr * r + gg * g + gb * b + 0.5f;
        float nb = br * r + bg * g + bb * b + 0.5f;
        pixels[i] = (uint8_t)(nr < 255.0f ? nr : 255.0f);
        pixels[i + 1] = (uint8_t)(ng < 255.0f ? ng : 255.0f);
        pixels[i + 2] = (uint8_t)(nb < 255.0f ? nb : 255.0f);
    }
}

static inline uint32_t clamp255(uint32_t value) { return value < 255 ? value : 255; }

void sepia_reference_color_matrix(uint8_t *restrict pixels, size_t pixel_count, const float matrix[9]) {
    uint32_t c[9];
    for (int i = 0; i < 9; i++) c[i] = (uint32_t)roundf(matrix[i] * 65536.0f);
    uint32_t *restrict words = (uint32_t *)pixels;
    for (size_t i = 0; i < pixel_count; i++) {
        uint32_t w = words[i];
        uint32_t r = w & 0xFF, g = (w >> 8) & 0xFF, b = (w >> 16) & 0xFF;
        uint32_t nr = clamp255((c[0] * r + c[1] * g + c[2] * b + 32768) >> 16);
        uint32_t ng = clamp255((c[3] * r + c[4] * g + c[5] * b + 32768) >> 16);
        uint32_t nb = clamp255((c[6] * r + c[7] * g + c[8] * b + 32768) >> 16);
        words[i] = (w & 0xFF000000u) | nr | (ng << 8) | (nb << 16);
    }
}
