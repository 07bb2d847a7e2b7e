#ifndef SEPIA_YCBCR_MATRIX_H
#define SEPIA_YCBCR_MATRIX_H

#include <stddef.h>
#include <stdint.h>

/*
 * Applies a 3x3 colour matrix (row-major, non-negative coefficients) to YCbCr 4:2:0 planes in
 * place, `chroma_rows` chroma rows of `chroma_row_length` samples (a multiple of 8) and the two
 * luma rows under each (2 x chroma_row_length samples, `luma_stride` apart). For each chroma
 * sample and its 2 x 2 luma samples: each pixel's RGB (ITU-T T.871, JFIF, section 7: the
 * chroma sample as stored, not interpolated), clamped to 0...255; the matrix, clamped at 255;
 * the pixel's new luma; and the chroma of the block's mean new RGB, which equals the mean of
 * the four pixels' chroma (4:2:0 downsampling) since the conversion is linear. Each byte is
 * that value rounded half up, computed in single precision or, for blocks that clip nowhere on
 * AVX2 machines, in fixed point within 3/64 of a level of it before rounding.
 */
void sepia_ycbcr420_apply_matrix(const float matrix[9], uint8_t *luma, size_t luma_stride, uint8_t *cb, uint8_t *cr,
                                 size_t chroma_stride, size_t chroma_row_length, size_t chroma_rows);

/*
 * The same for planes whose every pixel has its own chroma sample (4:4:4, as libjpeg's DCT
 * scaling decodes the chroma of a 4:2:0 JPEG), into 4:2:0: `full_cb` and `full_cr` hold the
 * 2 x chroma_rows rows under the luma rows (`full_chroma_stride` apart, 2 x chroma_row_length
 * samples each, read only); each pixel's RGB comes from its own chroma, and the chroma of each
 * 2 x 2 block's mean new RGB is written to `cb` and `cr` (`chroma_stride` apart). The new luma
 * is written in place, as above.
 */
void sepia_ycbcr444_apply_matrix_to_420(const float matrix[9], uint8_t *luma, size_t luma_stride, const uint8_t *full_cb,
                                        const uint8_t *full_cr, size_t full_chroma_stride, uint8_t *cb, uint8_t *cr,
                                        size_t chroma_stride, size_t chroma_row_length, size_t chroma_rows);

#endif
