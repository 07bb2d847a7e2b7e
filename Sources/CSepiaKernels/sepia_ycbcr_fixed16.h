/*
 * The affine shortcut of sepia_ycbcr_matrix.c (blocks that clip nowhere) for 16 blocks at a
 * time, in 16-bit fixed point with AVX2: sixteen lanes a vector where the float code has eight,
 * and no conversions between bytes and floats. Included by sepia_ycbcr_matrix.c only, for x86-64;
 * every function is built for AVX2 (target attributes), so callers check the CPU first.
 *
 * The arithmetic: every term is an input scaled to fill 16 bits times a coefficient in fixed
 * point, by _mm256_mulhrs_epi16 (the product's high half, rounded), giving a value in 1/64 of a
 * level (Q6):
 *   - a luma sample (0...255) shifted left by 7, times a coefficient scaled by 2^14 (below 2);
 *   - a chroma difference (-128...127), or a block's mean of four, shifted left by 8, times a
 *     coefficient scaled by 2^13 (below 4);
 *   - the sum of a block's four luma samples (0...1020) shifted left by 5, times a coefficient
 *     scaled by 2^14 (below 2), which is the block's mean times that coefficient in Q6.
 * Each term is within one unit of Q6 of its exact value (half a unit from the coefficient's
 * rounding, half from the product's), and an output byte sums at most three terms before it is
 * rounded half up: within 3/64 of a level of the exact value before that rounding. A matrix
 * whose coefficients do not fit these ranges gets no fixed-point gains, and the float code runs.
 */
#ifndef SEPIA_YCBCR_FIXED16_H
#define SEPIA_YCBCR_FIXED16_H

#include <immintrin.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

/* Per channel: the luma and chroma differences' coefficients of the RGB of a pixel, or of the
 * new colour a matrix makes of it (affine where nothing clips, as in sepia_ycbcr_matrix.c). */
typedef struct fixed_affine {
    __m256i from_luma, from_blue, from_red;
} fixed_affine;

/* A matrix's coefficients in fixed point, each in every lane. */
typedef struct fixed_gains {
    fixed_affine new_red, new_green, new_blue, new_luma; /* from_luma scaled by 2^14 */
    fixed_affine new_cb, new_cr;                         /* from_luma: of the block's luma sum */
    __m256i red_from_red, green_from_blue, green_from_red, blue_from_blue; /* the pixel's RGB */
} fixed_gains;

/* `value` times `scale`, rounded, in every lane of *out; false when it does not fit 16 bits.
 * -32768 is refused too: _mm256_mulhrs_epi16 of -32768 by an input of -32768 (a chroma sample
 * of 0) would wrap. */
__attribute__((target("avx2"))) static bool fixed_coefficient(double value, double scale, __m256i *out) {
    const double scaled = round(value * scale);
    if (scaled <= INT16_MIN || scaled > INT16_MAX) return false;
    *out = _mm256_set1_epi16((int16_t)scaled);
    return true;
}

/* The new channel `weights` mixes (a row of the matrix, or a luma or chroma row of T.871 applied
 * to the new RGB), as fixed-point coefficients of the luma and chroma differences. */
__attribute__((target("avx2"))) static bool fixed_affine_of(const double gain[3], const double from_blue[3],
                                                            const double from_red[3], const double weights[3],
                                                            double luma_scale, fixed_affine *out) {
    double luma = 0, blue = 0, red = 0;
    for (int channel = 0; channel < 3; channel++) {
        luma += weights[channel] * gain[channel];
        blue += weights[channel] * from_blue[channel];
        red += weights[channel] * from_red[channel];
    }
    return fixed_coefficient(luma, luma_scale, &out->from_luma) && fixed_coefficient(blue, 8192, &out->from_blue) &&
           fixed_coefficient(red, 8192, &out->from_red);
}

/* The fixed-point gains of `matrix`; false when one does not fit (see the top of this file). */
__attribute__((target("avx2"))) static bool make_fixed_gains(const float matrix[9], fixed_gains *gains) {
    /* Each new channel where nothing clips: the luma times its row's sum, plus the row applied to
     * the RGB offsets of the chroma differences (T.871 section 7). */
    double gain[3], from_blue[3], from_red[3];
    for (int channel = 0; channel < 3; channel++) {
        const float *row = matrix + 3 * channel;
        gain[channel] = (double)row[0] + row[1] + row[2];
        from_blue[channel] = row[1] * -0.344136 + row[2] * 1.772;
        from_red[channel] = row[0] * 1.402 + row[1] * -0.714136;
    }
    const double red[3] = {1, 0, 0}, green[3] = {0, 1, 0}, blue[3] = {0, 0, 1};
    const double luma[3] = {0.299, 0.587, 0.114};
    const double cb[3] = {-0.168736, -0.331264, 0.5}, cr[3] = {0.5, -0.418688, -0.081312};
    return fixed_affine_of(gain, from_blue, from_red, red, 16384, &gains->new_red) &&
           fixed_affine_of(gain, from_blue, from_red, green, 16384, &gains->new_green) &&
           fixed_affine_of(gain, from_blue, from_red, blue, 16384, &gains->new_blue) &&
           fixed_affine_of(gain, from_blue, from_red, luma, 16384, &gains->new_luma) &&
           fixed_affine_of(gain, from_blue, from_red, cb, 16384, &gains->new_cb) &&
           fixed_affine_of(gain, from_blue, from_red, cr, 16384, &gains->new_cr) &&
           fixed_coefficient(1.402, 8192, &gains->red_from_red) &&
           fixed_coefficient(-0.344136, 8192, &gains->green_from_blue) &&
           fixed_coefficient(-0.714136, 8192, &gains->green_from_red) &&
           fixed_coefficient(1.772, 8192, &gains->blue_from_blue);
}

/* The Q6 value of `affine` for luma term `luma` and chroma differences `blue` and `red` (each
 * already shifted as the top of this file says). Saturating sums: a value past 16 bits stays at
 * the limit, which the clip checks still see as too bright. */
__attribute__((target("avx2"), always_inline)) static inline __m256i fixed_value(const fixed_affine *affine, __m256i luma,
                                                                                 __m256i blue, __m256i red) {
    return _mm256_adds_epi16(_mm256_mulhrs_epi16(luma, affine->from_luma),
                             _mm256_adds_epi16(_mm256_mulhrs_epi16(blue, affine->from_blue),
                                               _mm256_mulhrs_epi16(red, affine->from_red)));
}

/* Q6 values rounded half up to levels (negative ones to 0, by the pack that follows). */
__attribute__((target("avx2"), always_inline)) static inline __m256i fixed_round(__m256i value) {
    return _mm256_srai_epi16(_mm256_adds_epi16(value, _mm256_set1_epi16(32)), 6);
}

/* 16 chroma samples as differences from 128, shifted left by 8 (the top of this file). */
__attribute__((target("avx2"), always_inline)) static inline __m256i fixed_chroma_differences(const uint8_t *samples) {
    const __m256i widened = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)samples));
    return _mm256_slli_epi16(_mm256_sub_epi16(widened, _mm256_set1_epi16(128)), 8);
}

/* The lanes where the affine shortcut may not hold: a pixel of luma `darkest` or `brightest`
 * (0...255) and chroma differences `blue` and `red` whose RGB might leave 0...255, or whose new
 * channel might pass 255 at `brightest` (the coefficients are not negative, so a new channel
 * grows with the luma). Margins of 2 and 3 units of Q6: the offsets are within 1 unit, the new
 * channels within 3. */
__attribute__((target("avx2"), always_inline)) static inline __m256i fixed_clips(const fixed_gains *gains, __m256i darkest,
                                                                                __m256i brightest, __m256i blue, __m256i red) {
    const __m256i to_red = _mm256_mulhrs_epi16(red, gains->red_from_red);
    const __m256i to_green = _mm256_adds_epi16(_mm256_mulhrs_epi16(blue, gains->green_from_blue),
                                               _mm256_mulhrs_epi16(red, gains->green_from_red));
    const __m256i to_blue = _mm256_mulhrs_epi16(blue, gains->blue_from_blue);
    const __m256i lowest = _mm256_set1_epi16(2), highest_rgb = _mm256_set1_epi16(255 * 64 - 2);
    const __m256i highest_new = _mm256_set1_epi16(255 * 64 - 3);
    const __m256i least_offset = _mm256_min_epi16(_mm256_min_epi16(to_red, to_green), to_blue);
    const __m256i most_offset = _mm256_max_epi16(_mm256_max_epi16(to_red, to_green), to_blue);
    __m256i clips = _mm256_cmpgt_epi16(lowest, _mm256_adds_epi16(_mm256_slli_epi16(darkest, 6), least_offset));
    clips = _mm256_or_si256(clips, _mm256_cmpgt_epi16(_mm256_adds_epi16(_mm256_slli_epi16(brightest, 6), most_offset), highest_rgb));
    const __m256i brightest_term = _mm256_slli_epi16(brightest, 7);
    clips = _mm256_or_si256(clips, _mm256_cmpgt_epi16(fixed_value(&gains->new_red, brightest_term, blue, red), highest_new));
    clips = _mm256_or_si256(clips, _mm256_cmpgt_epi16(fixed_value(&gains->new_green, brightest_term, blue, red), highest_new));
    return _mm256_or_si256(clips, _mm256_cmpgt_epi16(fixed_value(&gains->new_blue, brightest_term, blue, red), highest_new));
}

/* The new luma of 16 pixels (`luma`: 0...255 in 16-bit lanes), the chroma terms already summed
 * in `offsets`, rounded to levels. */
__attribute__((target("avx2"), always_inline)) static inline __m256i fixed_new_luma(const fixed_gains *gains, __m256i luma,
                                                                                   __m256i offsets) {
    return fixed_round(_mm256_adds_epi16(_mm256_mulhrs_epi16(_mm256_slli_epi16(luma, 7), gains->new_luma.from_luma), offsets));
}

/* Stores 32 new luma levels, the `left` 16 and the `right` 16 (the pack interleaves the halves
 * by 128-bit lane; the permutation puts them back in order). */
__attribute__((target("avx2"), always_inline)) static inline void fixed_store_luma(uint8_t *row, __m256i left, __m256i right) {
    _mm256_storeu_si256((__m256i *)row, _mm256_permute4x64_epi64(_mm256_packus_epi16(left, right), 0xD8));
}

/* The new Cb and Cr of 16 blocks from their luma sums (0...1020) and their chroma differences
 * (shifted as the top of this file says: the blocks' means for full-resolution chroma), stored. */
__attribute__((target("avx2"), always_inline)) static inline void fixed_store_chroma(const fixed_gains *gains, __m256i sums,
                                                                                    __m256i blue, __m256i red, uint8_t *cb,
                                                                                    uint8_t *cr) {
    const __m256i sum_term = _mm256_slli_epi16(sums, 5);
    const __m256i centre = _mm256_set1_epi16(128 * 64);
    const __m256i new_cb = fixed_round(_mm256_adds_epi16(fixed_value(&gains->new_cb, sum_term, blue, red), centre));
    const __m256i new_cr = fixed_round(_mm256_adds_epi16(fixed_value(&gains->new_cr, sum_term, blue, red), centre));
    const __m256i chroma = _mm256_permute4x64_epi64(_mm256_packus_epi16(new_cb, new_cr), 0xD8);
    _mm_storeu_si128((__m128i *)cb, _mm256_castsi256_si128(chroma));
    _mm_storeu_si128((__m128i *)cr, _mm256_extracti128_si256(chroma, 1));
}

/* The sums of 16 pairs of neighbouring bytes in each of `top` and `bottom` (32 bytes each): the
 * sums of 16 blocks of 2 x 2 samples. */
__attribute__((target("avx2"), always_inline)) static inline __m256i fixed_block_sums(__m256i top, __m256i bottom) {
    const __m256i ones = _mm256_set1_epi8(1);
    return _mm256_add_epi16(_mm256_maddubs_epi16(top, ones), _mm256_maddubs_epi16(bottom, ones));
}

/*
 * 16 blocks: 32 luma samples of the `top` and `bottom` rows and 16 samples of `cb` and `cr`,
 * changed in place by the affine shortcut; or false, with nothing written, when some pixel
 * might clip (checked at each block's darkest and brightest pixel, as the float code does).
 */
__attribute__((target("avx2"), always_inline)) static inline bool run16_fixed(const fixed_gains *gains, uint8_t *top,
                                                                             uint8_t *bottom, uint8_t *cb, uint8_t *cr) {
    const __m256i blue = fixed_chroma_differences(cb), red = fixed_chroma_differences(cr);
    const __m256i top_bytes = _mm256_loadu_si256((const __m256i *)top);
    const __m256i bottom_bytes = _mm256_loadu_si256((const __m256i *)bottom);
    /* A block's two columns are the low and high byte of a 16-bit lane: lane i is block i. */
    const __m256i low_byte = _mm256_set1_epi16(0xFF);
    const __m256i darker = _mm256_min_epu8(top_bytes, bottom_bytes), brighter = _mm256_max_epu8(top_bytes, bottom_bytes);
    const __m256i darkest = _mm256_min_epu16(_mm256_and_si256(darker, low_byte), _mm256_srli_epi16(darker, 8));
    const __m256i brightest = _mm256_max_epu16(_mm256_and_si256(brighter, low_byte), _mm256_srli_epi16(brighter, 8));
    const __m256i clips = fixed_clips(gains, darkest, brightest, blue, red);
    if (!_mm256_testz_si256(clips, clips)) return false;

    /* Each pixel's luma term plus its block's chroma terms, which lane i holds for block i and
     * pixels 2i and 2i + 1 need: repeated into two vectors of 16 pixels. */
    const __m256i offsets = fixed_value(&gains->new_luma, _mm256_setzero_si256(), blue, red);
    const __m256i low_pairs = _mm256_unpacklo_epi16(offsets, offsets), high_pairs = _mm256_unpackhi_epi16(offsets, offsets);
    const __m256i left_offsets = _mm256_permute2x128_si256(low_pairs, high_pairs, 0x20);
    const __m256i right_offsets = _mm256_permute2x128_si256(low_pairs, high_pairs, 0x31);
    uint8_t *const rows[2] = {top, bottom};
    const __m256i row_bytes[2] = {top_bytes, bottom_bytes};
    for (int row = 0; row < 2; row++) {
        const __m256i left = _mm256_cvtepu8_epi16(_mm256_castsi256_si128(row_bytes[row]));
        const __m256i right = _mm256_cvtepu8_epi16(_mm256_extracti128_si256(row_bytes[row], 1));
        fixed_store_luma(rows[row], fixed_new_luma(gains, left, left_offsets), fixed_new_luma(gains, right, right_offsets));
    }
    fixed_store_chroma(gains, fixed_block_sums(top_bytes, bottom_bytes), blue, red, cb, cr);
    return true;
}

/*
 * The same for 16 blocks whose every pixel has its own chroma sample (`blue_top` and
 * `blue_bottom`, `red_top` and `red_bottom`: 32 samples each, under the luma rows), into one Cb
 * and Cr a block; checked pixel by pixel. A block's chroma is that of its mean new RGB, which
 * where nothing clips is the affine map of its mean luma and mean chroma.
 */
__attribute__((target("avx2"), always_inline)) static inline bool run16_fixed_own_chroma(
    const fixed_gains *gains, uint8_t *top, uint8_t *bottom, const uint8_t *blue_top, const uint8_t *blue_bottom,
    const uint8_t *red_top, const uint8_t *red_bottom, uint8_t *cb, uint8_t *cr) {
    uint8_t *const rows[2] = {top, bottom};
    const uint8_t *const blue_rows[2] = {blue_top, blue_bottom}, *const red_rows[2] = {red_top, red_bottom};
    __m256i new_luma[2][2], clips = _mm256_setzero_si256();
    for (int row = 0; row < 2; row++) {
        for (int half = 0; half < 2; half++) {
            const __m256i luma = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(rows[row] + 16 * half)));
            const __m256i blue = fixed_chroma_differences(blue_rows[row] + 16 * half);
            const __m256i red = fixed_chroma_differences(red_rows[row] + 16 * half);
            clips = _mm256_or_si256(clips, fixed_clips(gains, luma, luma, blue, red));
            new_luma[row][half] = fixed_new_luma(gains, luma, fixed_value(&gains->new_luma, _mm256_setzero_si256(), blue, red));
        }
    }
    if (!_mm256_testz_si256(clips, clips)) return false;
    const __m256i luma_sums = fixed_block_sums(_mm256_loadu_si256((const __m256i *)top), _mm256_loadu_si256((const __m256i *)bottom));
    const __m256i blue_sums = fixed_block_sums(_mm256_loadu_si256((const __m256i *)blue_top), _mm256_loadu_si256((const __m256i *)blue_bottom));
    const __m256i red_sums = fixed_block_sums(_mm256_loadu_si256((const __m256i *)red_top), _mm256_loadu_si256((const __m256i *)red_bottom));
    /* A block's mean difference from 128, shifted left by 8: its sum less 4 x 128, times 64. */
    const __m256i four_centres = _mm256_set1_epi16(4 * 128);
    const __m256i blue = _mm256_slli_epi16(_mm256_sub_epi16(blue_sums, four_centres), 6);
    const __m256i red = _mm256_slli_epi16(_mm256_sub_epi16(red_sums, four_centres), 6);
    for (int row = 0; row < 2; row++) fixed_store_luma(rows[row], new_luma[row][0], new_luma[row][1]);
    fixed_store_chroma(gains, luma_sums, blue, red, cb, cr);
    return true;
}

#endif
