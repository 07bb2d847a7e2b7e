#include "sepia_ycbcr_matrix.h"

#include <string.h>

/*
 * Eight lanes at a time in clang's vector extensions: the 2 x 2 blocks under each chroma sample
 * keep compilers' loop vectorisers (and Swift's SIMD types, whose lane-wise minimum is out of
 * line) from making vector code of the plain loop.
 */
/* Every helper below is inlined (always_inline) into the two entry points, so no vector is ever
 * passed by value across a call, whose ABI would depend on AVX being on: the warning about it
 * does not apply. */
#pragma clang diagnostic ignored "-Wpsabi"

typedef float floats8 __attribute__((vector_size(32)));
typedef float floats16 __attribute__((vector_size(64)));
typedef uint8_t bytes8 __attribute__((vector_size(8)));
typedef uint8_t bytes16 __attribute__((vector_size(16)));
typedef int32_t ints8 __attribute__((vector_size(32)));
typedef int32_t ints16 __attribute__((vector_size(64)));

/* The matrix's coefficients, each in every lane: made once, before the loops (loaded through
 * the float pointer inside them, each would be loaded again after every byte store). */
typedef struct splat_matrix {
    floats8 m[9];
} splat_matrix;

typedef struct new_pixels {
    floats8 red, green, blue, luma;
} new_pixels;

static inline __attribute__((always_inline)) floats8 splat(float value) { return (floats8){value, value, value, value, value, value, value, value}; }

static inline __attribute__((always_inline)) floats8 clamp_byte(floats8 value) {
    return __builtin_elementwise_min(__builtin_elementwise_max(value, splat(0)), splat(255));
}

/* Eight pixels of luma `luma`: RGB by ITU-T T.871 (JFIF) section 7, the matrix, the new luma. */
static inline __attribute__((always_inline)) new_pixels transform(const floats8 *m, floats8 luma, floats8 to_red, floats8 to_green, floats8 to_blue) {
    const floats8 red = clamp_byte(luma + to_red), green = clamp_byte(luma + to_green), blue = clamp_byte(luma + to_blue);
    new_pixels result;
    result.red = __builtin_elementwise_min(m[0] * red + m[1] * green + m[2] * blue, splat(255));
    result.green = __builtin_elementwise_min(m[3] * red + m[4] * green + m[5] * blue, splat(255));
    result.blue = __builtin_elementwise_min(m[6] * red + m[7] * green + m[8] * blue, splat(255));
    result.luma = 0.299f * result.red + 0.587f * result.green + 0.114f * result.blue;
    return result;
}

/* Values in -0.5...255.5 rounded to the nearest bytes (halves up), at most 255. */
static inline __attribute__((always_inline)) bytes8 to_bytes8(floats8 value) {
    const ints8 rounded = __builtin_convertvector(__builtin_elementwise_min(value + 0.5f, splat(255)), ints8);
    return __builtin_convertvector(rounded, bytes8);
}

static inline __attribute__((always_inline)) floats8 load8(const uint8_t *address) {
    bytes8 bytes;
    memcpy(&bytes, address, sizeof bytes);
    return __builtin_convertvector(bytes, floats8);
}

static inline __attribute__((always_inline)) void store8(uint8_t *address, floats8 value) {
    const bytes8 bytes = to_bytes8(value);
    memcpy(address, &bytes, sizeof bytes);
}

/* 16 luma samples: `even` and `odd` lanes interleaved, each at most 255 already. */
static inline __attribute__((always_inline)) void store16(uint8_t *address, floats8 even, floats8 odd) {
    const floats16 values = __builtin_shufflevector(even, odd, 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
    const ints16 rounded = __builtin_convertvector(values + 0.5f, ints16);
    const bytes16 bytes = __builtin_convertvector(rounded, bytes16);
    memcpy(address, &bytes, sizeof bytes);
}

/* The luma of 8 blocks: the even and odd pixels of their top and bottom rows. */
typedef struct block_rows {
    floats8 top_even, top_odd, bottom_even, bottom_odd;
} block_rows;

/* Splitting the bytes before widening them: one byte shuffle a row, where splitting the floats
 * takes two shuffles a half across the vector's lanes. */
static inline __attribute__((always_inline)) void load_row(const uint8_t *address, floats8 *even, floats8 *odd) {
    bytes16 bytes;
    memcpy(&bytes, address, sizeof bytes);
    const bytes16 split = __builtin_shufflevector(bytes, bytes, 0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15);
    *even = __builtin_convertvector(__builtin_shufflevector(split, split, 0, 1, 2, 3, 4, 5, 6, 7), floats8);
    *odd = __builtin_convertvector(__builtin_shufflevector(split, split, 8, 9, 10, 11, 12, 13, 14, 15), floats8);
}

static inline __attribute__((always_inline)) block_rows load_blocks(const uint8_t *top, const uint8_t *bottom) {
    block_rows rows;
    load_row(top, &rows.top_even, &rows.top_odd);
    load_row(bottom, &rows.bottom_even, &rows.bottom_odd);
    return rows;
}

static inline __attribute__((always_inline)) void store_chroma(uint8_t *cb, uint8_t *cr, floats8 red, floats8 green, floats8 blue) {
    store8(cb, -0.168736f * red - 0.331264f * green + 0.5f * blue + 128);
    store8(cr, 0.5f * red - 0.418688f * green - 0.081312f * blue + 128);
}

/* Where no pixel's RGB leaves 0...255 and no new channel passes 255, the transform is affine in
 * the luma: a new channel is the luma times its row's sum plus the matrix times the chroma
 * offsets, and the new luma the luma times `luma` plus the same mix of those offsets. */
typedef struct affine_gains {
    floats8 red, green, blue, luma;
} affine_gains;

static inline __attribute__((always_inline)) affine_gains make_affine_gains(const float matrix[9]) {
    affine_gains gains;
    gains.red = splat(matrix[0] + matrix[1] + matrix[2]);
    gains.green = splat(matrix[3] + matrix[4] + matrix[5]);
    gains.blue = splat(matrix[6] + matrix[7] + matrix[8]);
    gains.luma = 0.299f * gains.red + 0.587f * gains.green + 0.114f * gains.blue;
    return gains;
}

static inline __attribute__((always_inline)) floats8 min4(floats8 a, floats8 b, floats8 c, floats8 d) {
    return __builtin_elementwise_min(__builtin_elementwise_min(a, b), __builtin_elementwise_min(c, d));
}

static inline __attribute__((always_inline)) floats8 max4(floats8 a, floats8 b, floats8 c, floats8 d) {
    return __builtin_elementwise_max(__builtin_elementwise_max(a, b), __builtin_elementwise_max(c, d));
}

static inline __attribute__((always_inline)) void run8(const floats8 *m, const affine_gains *gains, uint8_t *top, uint8_t *bottom,
                                                         uint8_t *cb, uint8_t *cr) {
    const floats8 blue = load8(cb) - 128, red = load8(cr) - 128;
    const floats8 to_red = 1.402f * red, to_green = -0.344136f * blue - 0.714136f * red, to_blue = 1.772f * blue;
    const block_rows y = load_blocks(top, bottom);
    const floats8 offset_red = m[0] * to_red + m[1] * to_green + m[2] * to_blue;
    const floats8 offset_green = m[3] * to_red + m[4] * to_green + m[5] * to_blue;
    const floats8 offset_blue = m[6] * to_red + m[7] * to_green + m[8] * to_blue;
    /* Each block checked at its darkest and brightest pixel (the coefficients are not negative,
     * so a new channel grows with the luma). */
    const floats8 darkest = min4(y.top_even, y.top_odd, y.bottom_even, y.bottom_odd);
    const floats8 brightest = max4(y.top_even, y.top_odd, y.bottom_even, y.bottom_odd);
    const ints8 clips_rgb = (darkest + to_red < 0) | (darkest + to_green < 0) | (darkest + to_blue < 0) |
                            (brightest + to_red > 255) | (brightest + to_green > 255) | (brightest + to_blue > 255);
    const ints8 clips_new = (brightest * gains->red + offset_red > 255) | (brightest * gains->green + offset_green > 255) |
                            (brightest * gains->blue + offset_blue > 255);
    if (!__builtin_reduce_or(clips_rgb | clips_new)) {
        const floats8 luma_offset = 0.299f * offset_red + 0.587f * offset_green + 0.114f * offset_blue;
        store16(top, y.top_even * gains->luma + luma_offset, y.top_odd * gains->luma + luma_offset);
        store16(bottom, y.bottom_even * gains->luma + luma_offset, y.bottom_odd * gains->luma + luma_offset);
        const floats8 mean = 0.25f * (y.top_even + y.top_odd + y.bottom_even + y.bottom_odd);
        store_chroma(cb, cr, mean * gains->red + offset_red, mean * gains->green + offset_green, mean * gains->blue + offset_blue);
        return;
    }
    const new_pixels a = transform(m, y.top_even, to_red, to_green, to_blue);
    const new_pixels b = transform(m, y.top_odd, to_red, to_green, to_blue);
    const new_pixels c = transform(m, y.bottom_even, to_red, to_green, to_blue);
    const new_pixels d = transform(m, y.bottom_odd, to_red, to_green, to_blue);
    store16(top, a.luma, b.luma);
    store16(bottom, c.luma, d.luma);
    store_chroma(cb, cr, 0.25f * (a.red + b.red + c.red + d.red), 0.25f * (a.green + b.green + c.green + d.green),
                 0.25f * (a.blue + b.blue + c.blue + d.blue));
}

/* 8 blocks whose pixels each have their own chroma (`blue` and `red`: the top and bottom rows of
 * full-resolution planes), into new luma in place and one new Cb and Cr a block. */
static inline __attribute__((always_inline)) new_pixels transform_own_chroma(const floats8 *m, floats8 luma, floats8 blue_byte,
                                                                              floats8 red_byte) {
    const floats8 blue = blue_byte - 128, red = red_byte - 128;
    return transform(m, luma, 1.402f * red, -0.344136f * blue - 0.714136f * red, 1.772f * blue);
}

static inline __attribute__((always_inline)) void run8_own_chroma(const floats8 *m, uint8_t *top, uint8_t *bottom,
                                                                    const uint8_t *blue_top, const uint8_t *blue_bottom,
                                                                    const uint8_t *red_top, const uint8_t *red_bottom,
                                                                    uint8_t *cb, uint8_t *cr) {
    const block_rows y = load_blocks(top, bottom);
    const block_rows blue = load_blocks(blue_top, blue_bottom);
    const block_rows red = load_blocks(red_top, red_bottom);
    const new_pixels a = transform_own_chroma(m, y.top_even, blue.top_even, red.top_even);
    const new_pixels b = transform_own_chroma(m, y.top_odd, blue.top_odd, red.top_odd);
    const new_pixels c = transform_own_chroma(m, y.bottom_even, blue.bottom_even, red.bottom_even);
    const new_pixels d = transform_own_chroma(m, y.bottom_odd, blue.bottom_odd, red.bottom_odd);
    store16(top, a.luma, b.luma);
    store16(bottom, c.luma, d.luma);
    store_chroma(cb, cr, 0.25f * (a.red + b.red + c.red + d.red), 0.25f * (a.green + b.green + c.green + d.green),
                 0.25f * (a.blue + b.blue + c.blue + d.blue));
}

static inline __attribute__((always_inline)) void apply_own_chroma(const float matrix[9], uint8_t *luma, size_t luma_stride,
                                                                     const uint8_t *full_cb, const uint8_t *full_cr,
                                                                     size_t full_chroma_stride, uint8_t *cb, uint8_t *cr,
                                                                     size_t chroma_stride, size_t chroma_row_length,
                                                                     size_t chroma_rows) {
    splat_matrix splats;
    for (int index = 0; index < 9; index++) splats.m[index] = splat(matrix[index]);
    for (size_t row = 0; row < chroma_rows; row++) {
        uint8_t *top = luma + 2 * row * luma_stride, *bottom = top + luma_stride;
        const uint8_t *blue_top = full_cb + 2 * row * full_chroma_stride, *blue_bottom = blue_top + full_chroma_stride;
        const uint8_t *red_top = full_cr + 2 * row * full_chroma_stride, *red_bottom = red_top + full_chroma_stride;
        uint8_t *blue = cb + row * chroma_stride, *red = cr + row * chroma_stride;
        for (size_t column = 0; column < chroma_row_length; column += 8) {
            run8_own_chroma(splats.m, top + 2 * column, bottom + 2 * column, blue_top + 2 * column, blue_bottom + 2 * column,
                            red_top + 2 * column, red_bottom + 2 * column, blue + column, red + column);
        }
    }
}

static inline __attribute__((always_inline)) void apply(const float matrix[9], uint8_t *luma, size_t luma_stride,
                                                          uint8_t *cb, uint8_t *cr, size_t chroma_stride,
                                                          size_t chroma_row_length, size_t chroma_rows) {
    splat_matrix splats;
    for (int index = 0; index < 9; index++) splats.m[index] = splat(matrix[index]);
    const affine_gains gains = make_affine_gains(matrix);
    for (size_t row = 0; row < chroma_rows; row++) {
        uint8_t *top = luma + 2 * row * luma_stride, *bottom = top + luma_stride;
        uint8_t *blue = cb + row * chroma_stride, *red = cr + row * chroma_stride;
        for (size_t column = 0; column < chroma_row_length; column += 8) {
            run8(splats.m, &gains, top + 2 * column, bottom + 2 * column, blue + column, red + column);
        }
    }
}

/* The same code built for AVX2 + FMA (one instruction a vector of eight, the products fused)
 * and, below, for x86-64's baseline the package's C is built for (SSE2: two instructions a
 * vector), chosen at run time. The fused products round differently: the bytes can differ by a
 * level between the two machines, as they may from the RGB path's. With AVX2, runs of 16 blocks
 * that clip nowhere take the affine shortcut in 16-bit fixed point (sepia_ycbcr_fixed16.h),
 * within 3/64 of a level of the float code before rounding; the others, and a row's last 8
 * blocks when its length is an odd multiple of 8, take the float code. */
#if defined(__x86_64__)
#include "sepia_ycbcr_fixed16.h"

__attribute__((target("avx2,fma"))) static void apply_avx2(const float matrix[9], uint8_t *luma, size_t luma_stride,
                                                       uint8_t *cb, uint8_t *cr, size_t chroma_stride,
                                                       size_t chroma_row_length, size_t chroma_rows) {
    fixed_gains fixed;
    const bool has_fixed = make_fixed_gains(matrix, &fixed);
    for (size_t row = 0; row < chroma_rows; row++) {
        uint8_t *top = luma + 2 * row * luma_stride, *bottom = top + luma_stride;
        uint8_t *blue = cb + row * chroma_stride, *red = cr + row * chroma_stride;
        for (size_t column = 0; column < chroma_row_length; column += 16) {
            const size_t count = chroma_row_length - column < 16 ? chroma_row_length - column : 16;
            if (has_fixed && count == 16 && run16_fixed(&fixed, top + 2 * column, bottom + 2 * column, blue + column, red + column)) {
                continue;
            }
            apply(matrix, top + 2 * column, luma_stride, blue + column, red + column, chroma_stride, count, 1);
        }
    }
}
#endif

#if defined(__x86_64__)
__attribute__((target("avx2,fma"))) static void apply_own_chroma_avx2(const float matrix[9], uint8_t *luma, size_t luma_stride,
                                                                  const uint8_t *full_cb, const uint8_t *full_cr,
                                                                  size_t full_chroma_stride, uint8_t *cb, uint8_t *cr,
                                                                  size_t chroma_stride, size_t chroma_row_length,
                                                                  size_t chroma_rows) {
    fixed_gains fixed;
    const bool has_fixed = make_fixed_gains(matrix, &fixed);
    for (size_t row = 0; row < chroma_rows; row++) {
        uint8_t *top = luma + 2 * row * luma_stride, *bottom = top + luma_stride;
        const uint8_t *blue_top = full_cb + 2 * row * full_chroma_stride, *red_top = full_cr + 2 * row * full_chroma_stride;
        uint8_t *blue = cb + row * chroma_stride, *red = cr + row * chroma_stride;
        for (size_t column = 0; column < chroma_row_length; column += 16) {
            const size_t count = chroma_row_length - column < 16 ? chroma_row_length - column : 16;
            const size_t at = 2 * column; /* the luma column, and the full-resolution chroma's */
            if (has_fixed && count == 16 &&
                run16_fixed_own_chroma(&fixed, top + at, bottom + at, blue_top + at, blue_top + full_chroma_stride + at,
                                       red_top + at, red_top + full_chroma_stride + at, blue + column, red + column)) {
                continue;
            }
            apply_own_chroma(matrix, top + at, luma_stride, blue_top + at, red_top + at, full_chroma_stride, blue + column,
                             red + column, chroma_stride, count, 1);
        }
    }
}
#endif

void sepia_ycbcr444_apply_matrix_to_420(const float matrix[9], uint8_t *luma, size_t luma_stride, const uint8_t *full_cb,
                                        const uint8_t *full_cr, size_t full_chroma_stride, uint8_t *cb, uint8_t *cr,
                                        size_t chroma_stride, size_t chroma_row_length, size_t chroma_rows) {
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        apply_own_chroma_avx2(matrix, luma, luma_stride, full_cb, full_cr, full_chroma_stride, cb, cr, chroma_stride,
                              chroma_row_length, chroma_rows);
        return;
    }
#endif
    apply_own_chroma(matrix, luma, luma_stride, full_cb, full_cr, full_chroma_stride, cb, cr, chroma_stride, chroma_row_length,
                     chroma_rows);
}

void sepia_ycbcr420_apply_matrix(const float matrix[9], uint8_t *luma, size_t luma_stride, uint8_t *cb, uint8_t *cr,
                                 size_t chroma_stride, size_t chroma_row_length, size_t chroma_rows) {
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        apply_avx2(matrix, luma, luma_stride, cb, cr, chroma_stride, chroma_row_length, chroma_rows);
        return;
    }
#endif
    apply(matrix, luma, luma_stride, cb, cr, chroma_stride, chroma_row_length, chroma_rows);
}
