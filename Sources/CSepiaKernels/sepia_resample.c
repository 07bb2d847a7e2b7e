#include "sepia_resample.h"

#include <string.h>

/* Swift does not contract a * b + c into one rounding; neither may this. */
#pragma clang fp contract(off)

typedef float floats4 __attribute__((vector_size(16)));
typedef int32_t ints4 __attribute__((vector_size(16)));
typedef uint8_t bytes4 __attribute__((vector_size(4)));

static inline floats4 load4(const float *pixel) {
    floats4 value;
    memcpy(&value, pixel, sizeof value);
    return value;
}

void sepia_resample_row(const uint8_t *source, const ptrdiff_t *first, const float *weights, size_t taps, size_t count,
                        float *output) {
    for (size_t column = 0; column < count; column++) {
        floats4 sum = {0, 0, 0, 0};
        const uint8_t *pixel = source + first[column] * 4;
        const float *weight = weights + column * taps;
        for (size_t tap = 0; tap < taps; tap++, pixel += 4) {
            bytes4 bytes;
            memcpy(&bytes, pixel, sizeof bytes);
            floats4 value = __builtin_convertvector(bytes, floats4);
            const float premultiplied = weight[tap] * value[3] * (1.0f / 255.0f);
            value[3] = 255.0f;
            sum = sum + value * premultiplied;
        }
        memcpy(output + column * 4, &sum, sizeof sum);
    }
}

void sepia_blend_rows(const float *const *rows, const float *weights, size_t taps, size_t width, uint8_t *output) {
    const floats4 zero = {0, 0, 0, 0}, half = {0.5f, 0.5f, 0.5f, 0.5f}, top = {255, 255, 255, 255};
    for (size_t column = 0; column < width; column++) {
        floats4 sum = zero;
        for (size_t tap = 0; tap < taps; tap++) sum = sum + load4(rows[tap] + column * 4) * weights[tap];
        const float alpha = sum[3];
        const floats4 straight = alpha > 0.5f ? sum * (255.0f / alpha) : zero;
        floats4 value = {straight[0], straight[1], straight[2], alpha};
        value = value + half;
        value = __builtin_elementwise_min(__builtin_elementwise_max(value, zero), top);
        /* In range after the clamps: the truncating conversion needs no check. */
        const ints4 bytes = __builtin_convertvector(value, ints4);
        uint8_t *target = output + column * 4;
        target[0] = (uint8_t)bytes[0];
        target[1] = (uint8_t)bytes[1];
        target[2] = (uint8_t)bytes[2];
        target[3] = (uint8_t)bytes[3];
    }
}
