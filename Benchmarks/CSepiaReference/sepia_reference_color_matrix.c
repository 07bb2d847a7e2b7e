#include "sepia_reference.h"
#include <string.h>

void sepia_reference_color_matrix_textbook(uint8_t *restrict pixels, size_t pixel_count, const float matrix[9]) {
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

/* Rounds a non-negative value to the nearest integer at most 255 by adding 1.5 * 2^23. */
static inline uint32_t to_byte(float value) {
    float biased = (value < 255.0f ? value : 255.0f) + 12582912.0f;
    uint32_t bits;
    memcpy(&bits, &biased, sizeof bits);
    return bits & 0xFF;
}

void sepia_reference_color_matrix(uint8_t *restrict pixels, size_t pixel_count, const float matrix[9]) {
    const float rr = matrix[0], rg = matrix[1], rb = matrix[2];
    const float gr = matrix[3], gg = matrix[4], gb = matrix[5];
    const float br = matrix[6], bg = matrix[7], bb = matrix[8];
    uint32_t *restrict words = (uint32_t *)pixels;
    for (size_t i = 0; i < pixel_count; i++) {
        uint32_t w = words[i];
        float r = (float)(w & 0xFF), g = (float)((w >> 8) & 0xFF), b = (float)((w >> 16) & 0xFF);
        uint32_t nr = to_byte(rr * r + rg * g + rb * b);
        uint32_t ng = to_byte(gr * r + gg * g + gb * b);
        uint32_t nb = to_byte(br * r + bg * g + bb * b);
        words[i] = (w & 0xFF000000u) | nr | (ng << 8) | (nb << 16);
    }
}
