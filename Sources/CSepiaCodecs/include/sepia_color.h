#ifndef SEPIA_COLOR_H
#define SEPIA_COLOR_H

#include "sepia_diagnostics.h"

/*
 * Colour management with Little CMS 2: transforms from an ICC profile to sRGB, applied in place
 * to 8-bit RGBA rows, and the profiles Sepia makes itself (sRGB for outputs, PNG's gAMA/cHRM).
 *
 * Every call works in a cmsContext of its own whose error handler records lcms2's message in a
 * sepia_diagnostics instead of printing it. Transforms are made with cmsFLAGS_NOCACHE (no
 * one-pixel cache inside the transform), so one transform may be applied from several threads
 * at once.
 */

/* The colour space of a profile's device side, as far as the conversion cares. */
typedef enum sepia_color_space {
    SEPIA_COLOR_SPACE_RGB = 0,
    SEPIA_COLOR_SPACE_GRAY = 1,
    SEPIA_COLOR_SPACE_CMYK = 2,
    /* Lab, XYZ, multi-ink spaces and the like: not converted. */
    SEPIA_COLOR_SPACE_OTHER = 3,
} sepia_color_space;

/* What the pixels handed to a transform hold, 4 bytes a pixel. */
typedef enum sepia_color_layout {
    /* R, G, B, alpha (alpha kept). */
    SEPIA_COLOR_LAYOUT_RGBA = 0,
    /* Grey in R (G and B equal to it), alpha (kept): how the decoders hand grey images out. */
    SEPIA_COLOR_LAYOUT_GRAY_AS_RGBA = 1,
    /* C, M, Y, K, 0 = no ink; alpha becomes 255. */
    SEPIA_COLOR_LAYOUT_CMYK = 2,
    /* C, M, Y, K stored as 255 - ink, as Adobe applications write JPEGs; alpha becomes 255. */
    SEPIA_COLOR_LAYOUT_CMYK_INVERTED = 3,
} sepia_color_layout;

/* A transform from one profile to sRGB, perceptual intent. */
typedef struct sepia_color_transform sepia_color_transform;

/*
 * Reads the ICC profile at `profile` (`size` bytes) and says what its device space is and
 * whether it is sRGB itself: an RGB matrix-shaper profile whose colorants match lcms2's built-in
 * sRGB profile to within 0.002 (XYZ, D50) and whose tone curves match it to within a quarter of
 * an 8-bit level (the sRGB profiles of cameras, phones and editors differ in their bytes, not in
 * what they do).
 */
sepia_status sepia_color_profile_inspect(const void *profile, size_t size, sepia_color_space *space, bool *is_srgb,
                                         sepia_diagnostics *diagnostics);

/*
 * A transform from the profile at `profile` to sRGB for pixels laid out as `layout`, which must
 * fit the profile's space (RGBA for RGB, GRAY_AS_RGBA for grey, a CMYK layout for CMYK). On
 * success `*transform` is set and must be freed with sepia_color_transform_destroy; on failure
 * it is NULL and `diagnostics` says why.
 */
sepia_status sepia_color_transform_create(const void *profile, size_t size, sepia_color_layout layout,
                                          sepia_color_transform **transform, sepia_diagnostics *diagnostics);

/* Frees the transform. Accepts NULL. */
void sepia_color_transform_destroy(sepia_color_transform *transform);

/*
 * Converts `rows` rows of `width` pixels at `pixels` (rows `bytes_per_row` apart) to sRGB RGBA,
 * in place. Safe to call from several threads at once, on disjoint rows.
 */
void sepia_color_transform_apply(const sepia_color_transform *transform, uint8_t *pixels, uint32_t width, uint32_t rows,
                                 size_t bytes_per_row);

/* CIE xy chromaticities of a white point and three primaries (PNG's cHRM chunk). */
typedef struct sepia_chromaticities {
    double white_x, white_y;
    double red_x, red_y;
    double green_x, green_y;
    double blue_x, blue_y;
} sepia_chromaticities;

/*
 * An RGB matrix-shaper ICC profile from chromaticities and a tone curve: samples are decoded as
 * linear = sample ^ decoding_gamma, or with sRGB's piecewise curve (IEC 61966-2-1) when
 * `decoding_gamma` is 0. On success `output` holds malloc'd profile bytes the caller frees with
 * sepia_encoded_data_free.
 */
sepia_status sepia_color_profile_create_rgb(const sepia_chromaticities *chromaticities, double decoding_gamma,
                                            sepia_encoded_data *output, sepia_diagnostics *diagnostics);

/* lcms2's sRGB profile, the one outputs embed, as malloc'd bytes (see above). */
sepia_status sepia_color_profile_create_srgb(sepia_encoded_data *output, sepia_diagnostics *diagnostics);

#endif
