#ifndef SEPIA_RESAMPLE_H
#define SEPIA_RESAMPLE_H

#include <stddef.h>
#include <stdint.h>

/*
 * The two passes of Sepia's resize (RGBAImage.resized, StreamingResize), on premultiplied
 * pixels of four floats (red, green, blue, alpha, alpha in 0...255). Each output pixel is made
 * of `taps` source pixels with `taps` weights of its own (`weights`, output pixel after output
 * pixel). No FMA contraction: the same arithmetic, in the same order, as the Swift loops they
 * replaced, so the same bytes.
 */

/*
 * The first pass, one row: `count` output pixels from a row of straight-alpha RGBA bytes,
 * output pixel `i` from the `taps` source pixels from `first[i]` on, each weighted by its
 * weight times its alpha / 255 (premultiplying), into `output` (4 floats a pixel).
 */
void sepia_resample_row(const uint8_t *source, const ptrdiff_t *first, const float *weights, size_t taps, size_t count,
                        float *output);

/*
 * The second pass, one row: `width` pixels, each the sum of `taps` premultiplied rows' pixels
 * (`rows`, one per tap) times `weights` (the row's `taps` weights), written as straight-alpha
 * RGBA bytes: alpha above 0.5 divides the colour back out (else the pixel is 0), each value
 * plus 0.5, clamped to 0...255 and truncated.
 */
void sepia_blend_rows(const float *const *rows, const float *weights, size_t taps, size_t width, uint8_t *output);

#endif
