#include "sepia_color.h"

#include <lcms2.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sepia_diagnostics_internal.h"

/* Largest difference, in XYZ (D50), between a colorant and sRGB's for a profile to count as sRGB. */
#define SRGB_COLORANT_TOLERANCE 0.002
/* Largest difference of a tone curve from sRGB's, as a fraction of full scale: a quarter level. */
#define SRGB_CURVE_TOLERANCE (0.25 / 255.0)
/* Points at which the tone curves are compared. */
#define SRGB_CURVE_SAMPLES 256

/*
 * Perceptual, the default intent of lcms2's own tools (transicc, jpgicc, tificc): for the
 * matrix-shaper profiles of cameras and phones it is the same as relative colorimetric, and for
 * the lookup-table profiles of print (CMYK) it is the rendering their makers tuned for photos.
 */
#define SEPIA_INTENT INTENT_PERCEPTUAL

/* lcms2 pixel formats for the layouts (lcms2.h's TYPE_* macros, plus grey read from RGBA). */
#define SEPIA_TYPE_GRAY_AS_RGBA_8 (COLORSPACE_SH(PT_GRAY) | CHANNELS_SH(1) | EXTRA_SH(3) | BYTES_SH(1))

/*
 * The matrix-shaper path: RGB profiles that are three tone curves and a 3x3 matrix (every camera
 * and phone profile, Adobe RGB, ProPhoto, Display P3) need no lookup table. lcms2 2.14's 8-bit
 * transform of a 12-megapixel Adobe RGB photo ran at 7 MP/s here, whatever the flags (NOCACHE,
 * COPY_ALPHA, RGBA or RGB), and made the photo's decode take 5 times as long. So Sepia evaluates
 * such profiles itself from lcms2's reading of them, in integers:
 *
 * A pixel's linear sRGB light is M * (curve_r(r), curve_g(g), curve_b(b)), with M the matrix from
 * the profile's colorants to sRGB's (both adapted to D50 by the profiles). Each of the nine
 * products depends on one 8-bit input, so it is tabulated: `terms[k][v]` holds the three products
 * of input channel k at value v, in units of 1/LINEAR_SCALE, each in a 21-bit lane of one 64-bit
 * word. One pixel is then three loads and two additions (the lanes never carry into each other:
 * every term is made non-negative by a bias per input channel, and the sums are checked to stay
 * below 2^21 when the tables are built), and a lookup per output channel in `to_srgb`, indexed by
 * the biased sum, which also clamps light outside sRGB's gamut to 0 or 255. About three times as
 * fast as the same tables in floats, and within one level of them (mean 0.004 levels).
 */
#define LINEAR_SCALE 16384 /* steps of linear light: a fifth of a level where sRGB's curve is steepest */
#define LANE_BITS 21
#define LANE_MASK ((UINT64_C(1) << LANE_BITS) - 1)

typedef struct matrix_shaper {
    uint64_t terms[3][256];
    /* sRGB's 8-bit value for each biased sum (`bias` stands for zero light); `size` entries. */
    uint8_t *to_srgb;
    uint32_t size;
} matrix_shaper;

struct sepia_color_transform {
    cmsContext context;
    /* The lcms2 transform, or NULL when `shaper` does the work. */
    cmsHTRANSFORM transform;
    matrix_shaper *shaper;
    /* CMYK input leaves K in the fourth byte: alpha is set to 255 after the transform. */
    bool sets_opaque_alpha;
};

/* Where a context's errors go; the handler records only while a call is in progress. */
typedef struct error_sink {
    sepia_diagnostics *diagnostics;
} error_sink;

static void record_error(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)code;
    error_sink *sink = cmsGetContextUserData(context);
    if (sink == NULL || sink->diagnostics == NULL) return;
    if (sink->diagnostics->error[0] == '\0') sepia_diagnostics_set_error(sink->diagnostics, text);
}

/* A context whose errors land in `sink`, or NULL when memory is short. */
static cmsContext create_context(error_sink *sink) {
    cmsContext context = cmsCreateContext(NULL, sink);
    if (context != NULL) cmsSetLogErrorHandlerTHR(context, record_error);
    return context;
}

/* The status for a failed lcms2 call, with a message when lcms2 gave none. */
static sepia_status failure(sepia_diagnostics *diagnostics, const char *fallback) {
    if (diagnostics->error[0] == '\0') sepia_diagnostics_set_error(diagnostics, fallback);
    return SEPIA_STATUS_LIBRARY_ERROR;
}

static cmsHPROFILE open_profile(cmsContext context, const void *profile, size_t size) {
    if (profile == NULL || size == 0 || size > UINT32_MAX) return NULL;
    return cmsOpenProfileFromMemTHR(context, profile, (cmsUInt32Number)size);
}

static sepia_color_space space_of(cmsHPROFILE profile) {
    switch (cmsGetColorSpace(profile)) {
    case cmsSigRgbData: return SEPIA_COLOR_SPACE_RGB;
    case cmsSigGrayData: return SEPIA_COLOR_SPACE_GRAY;
    case cmsSigCmykData: return SEPIA_COLOR_SPACE_CMYK;
    default: return SEPIA_COLOR_SPACE_OTHER;
    }
}

static bool colorants_match(cmsHPROFILE profile, cmsHPROFILE srgb) {
    static const cmsTagSignature tags[3] = {cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag};
    for (int index = 0; index < 3; index++) {
        const cmsCIEXYZ *mine = cmsReadTag(profile, tags[index]);
        const cmsCIEXYZ *theirs = cmsReadTag(srgb, tags[index]);
        if (mine == NULL || theirs == NULL) return false;
        if (fabs(mine->X - theirs->X) > SRGB_COLORANT_TOLERANCE || fabs(mine->Y - theirs->Y) > SRGB_COLORANT_TOLERANCE ||
            fabs(mine->Z - theirs->Z) > SRGB_COLORANT_TOLERANCE) {
            return false;
        }
    }
    return true;
}

static bool curves_match(cmsHPROFILE profile, cmsHPROFILE srgb) {
    static const cmsTagSignature tags[3] = {cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag};
    for (int index = 0; index < 3; index++) {
        const cmsToneCurve *mine = cmsReadTag(profile, tags[index]);
        const cmsToneCurve *theirs = cmsReadTag(srgb, tags[index]);
        if (mine == NULL || theirs == NULL) return false;
        for (int sample = 0; sample < SRGB_CURVE_SAMPLES; sample++) {
            const cmsFloat32Number x = (cmsFloat32Number)sample / (SRGB_CURVE_SAMPLES - 1);
            if (fabsf(cmsEvalToneCurveFloat(mine, x) - cmsEvalToneCurveFloat(theirs, x)) > SRGB_CURVE_TOLERANCE) {
                return false;
            }
        }
    }
    return true;
}

static bool is_srgb_profile(cmsContext context, cmsHPROFILE profile) {
    if (space_of(profile) != SEPIA_COLOR_SPACE_RGB || !cmsIsMatrixShaper(profile)) return false;
    cmsHPROFILE srgb = cmsCreate_sRGBProfileTHR(context);
    if (srgb == NULL) return false;
    const bool matches = colorants_match(profile, srgb) && curves_match(profile, srgb);
    cmsCloseProfile(srgb);
    return matches;
}

sepia_status sepia_color_profile_inspect(const void *profile, size_t size, sepia_color_space *space, bool *is_srgb,
                                         sepia_diagnostics *diagnostics) {
    *space = SEPIA_COLOR_SPACE_OTHER;
    *is_srgb = false;
    error_sink sink = {diagnostics};
    cmsContext context = create_context(&sink);
    if (context == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    sepia_status status = SEPIA_STATUS_OK;
    cmsHPROFILE opened = open_profile(context, profile, size);
    if (opened == NULL) {
        status = failure(diagnostics, "the ICC profile cannot be read");
    } else {
        *space = space_of(opened);
        *is_srgb = is_srgb_profile(context, opened);
        cmsCloseProfile(opened);
    }
    cmsDeleteContext(context);
    return status;
}

static bool layout_fits(sepia_color_layout layout, sepia_color_space space) {
    switch (layout) {
    case SEPIA_COLOR_LAYOUT_RGBA: return space == SEPIA_COLOR_SPACE_RGB;
    case SEPIA_COLOR_LAYOUT_GRAY_AS_RGBA: return space == SEPIA_COLOR_SPACE_GRAY;
    case SEPIA_COLOR_LAYOUT_CMYK:
    case SEPIA_COLOR_LAYOUT_CMYK_INVERTED: return space == SEPIA_COLOR_SPACE_CMYK;
    }
    return false;
}

static cmsUInt32Number input_format(sepia_color_layout layout) {
    switch (layout) {
    case SEPIA_COLOR_LAYOUT_RGBA: return TYPE_RGBA_8;
    case SEPIA_COLOR_LAYOUT_GRAY_AS_RGBA: return SEPIA_TYPE_GRAY_AS_RGBA_8;
    case SEPIA_COLOR_LAYOUT_CMYK: return TYPE_CMYK_8;
    case SEPIA_COLOR_LAYOUT_CMYK_INVERTED: return TYPE_CMYK_8_REV;
    }
    return 0;
}

/* The inverse of `m`; false when it is singular. */
static bool invert(const double m[3][3], double inverse[3][3]) {
    const double determinant = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                               m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                               m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    if (fabs(determinant) < 1e-12) return false;
    for (int row = 0; row < 3; row++) {
        for (int column = 0; column < 3; column++) {
            /* The cofactor of m[column][row], by cyclic indices. */
            const int r1 = (column + 1) % 3, r2 = (column + 2) % 3, c1 = (row + 1) % 3, c2 = (row + 2) % 3;
            inverse[row][column] = (m[r1][c1] * m[r2][c2] - m[r1][c2] * m[r2][c1]) / determinant;
        }
    }
    return true;
}

/* The matrix whose columns are the profile's red, green and blue colorants (XYZ, D50). */
static bool colorant_matrix(cmsHPROFILE profile, double matrix[3][3]) {
    static const cmsTagSignature tags[3] = {cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag};
    for (int column = 0; column < 3; column++) {
        const cmsCIEXYZ *xyz = cmsReadTag(profile, tags[column]);
        if (xyz == NULL) return false;
        matrix[0][column] = xyz->X;
        matrix[1][column] = xyz->Y;
        matrix[2][column] = xyz->Z;
    }
    return true;
}

/* sRGB's encoding of linear light (IEC 61966-2-1), 0...1. */
static double srgb_encode(double linear) {
    return linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055;
}

/* The matrix from the colorants of `source` to sRGB's, linear light; false when there is none. */
static bool matrix_to_srgb(cmsContext context, cmsHPROFILE source, double matrix[3][3]) {
    cmsHPROFILE srgb = cmsCreate_sRGBProfileTHR(context);
    double source_matrix[3][3], srgb_matrix[3][3], from_xyz[3][3];
    const bool found = srgb != NULL && colorant_matrix(source, source_matrix) && colorant_matrix(srgb, srgb_matrix) &&
                       invert(srgb_matrix, from_xyz);
    if (srgb != NULL) cmsCloseProfile(srgb);
    if (!found) return false;
    for (int row = 0; row < 3; row++) {
        for (int column = 0; column < 3; column++) {
            double sum = 0;
            for (int k = 0; k < 3; k++) sum += from_xyz[row][k] * source_matrix[k][column];
            matrix[row][column] = sum;
        }
    }
    return true;
}

/*
 * Fills `shaper->terms` from the curves and matrix (see matrix_shaper); false when a sum could
 * leave its lane (a matrix far from any real profile's), for lcms2 to convert instead.
 */
static bool tabulate_terms(matrix_shaper *shaper, const double linear[3][256], const double matrix[3][3], int64_t *bias,
                           int64_t *largest) {
    int64_t products[3][256][3];
    *bias = 0;
    int64_t channel_bias[3];
    for (int k = 0; k < 3; k++) {
        int64_t smallest = 0;
        for (int value = 0; value < 256; value++) {
            for (int out = 0; out < 3; out++) {
                const double product = matrix[out][k] * linear[k][value] * LINEAR_SCALE;
                if (!(fabs(product) < (double)(1 << LANE_BITS))) return false; /* also NaN */
                products[k][value][out] = llround(product);
                if (products[k][value][out] < smallest) smallest = products[k][value][out];
            }
        }
        channel_bias[k] = -smallest;
        *bias += channel_bias[k];
    }
    *largest = 0;
    for (int out = 0; out < 3; out++) {
        int64_t sum = 0;
        for (int k = 0; k < 3; k++) {
            int64_t most = 0;
            for (int value = 0; value < 256; value++) {
                if (products[k][value][out] > most) most = products[k][value][out];
            }
            sum += most + channel_bias[k];
        }
        if (sum > (int64_t)LANE_MASK) return false;
        if (sum > *largest) *largest = sum;
    }
    for (int k = 0; k < 3; k++) {
        for (int value = 0; value < 256; value++) {
            uint64_t word = 0;
            for (int out = 0; out < 3; out++) {
                word |= (uint64_t)(products[k][value][out] + channel_bias[k]) << (LANE_BITS * out);
            }
            shaper->terms[k][value] = word;
        }
    }
    return true;
}

/* The matrix-shaper tables for `source` (an RGB matrix-shaper profile), or NULL. */
static matrix_shaper *build_matrix_shaper(cmsContext context, cmsHPROFILE source) {
    static const cmsTagSignature curves[3] = {cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag};
    double matrix[3][3], linear[3][256];
    if (!matrix_to_srgb(context, source, matrix)) return NULL;
    for (int channel = 0; channel < 3; channel++) {
        const cmsToneCurve *curve = cmsReadTag(source, curves[channel]);
        if (curve == NULL) return NULL;
        for (int value = 0; value < 256; value++) {
            linear[channel][value] = cmsEvalToneCurveFloat(curve, (cmsFloat32Number)value / 255);
        }
    }
    matrix_shaper *shaper = malloc(sizeof *shaper);
    if (shaper == NULL) return NULL;
    int64_t bias, largest;
    if (!tabulate_terms(shaper, linear, matrix, &bias, &largest) || (shaper->to_srgb = malloc(largest + 1)) == NULL) {
        free(shaper);
        return NULL;
    }
    shaper->size = (uint32_t)largest + 1;
    for (int64_t sum = 0; sum <= largest; sum++) {
        const double light = (double)(sum - bias) / LINEAR_SCALE;
        shaper->to_srgb[sum] = (uint8_t)lround(255 * srgb_encode(light < 0 ? 0 : light > 1 ? 1 : light));
    }
    return shaper;
}

static void destroy_matrix_shaper(matrix_shaper *shaper) {
    if (shaper == NULL) return;
    free(shaper->to_srgb);
    free(shaper);
}

/* Converts one row of RGBA pixels (any alignment; alpha kept). */
static void apply_matrix_shaper(const matrix_shaper *shaper, uint8_t *row, uint32_t width) {
    const uint8_t *to_srgb = shaper->to_srgb;
    for (uint32_t x = 0; x < width; x++, row += 4) {
        const uint64_t sum = shaper->terms[0][row[0]] + shaper->terms[1][row[1]] + shaper->terms[2][row[2]];
        row[0] = to_srgb[sum & LANE_MASK];
        row[1] = to_srgb[(sum >> LANE_BITS) & LANE_MASK];
        row[2] = to_srgb[sum >> (2 * LANE_BITS)];
    }
}

/* Builds the lcms2 transform of `transform` (its context made already); false on failure. */
static bool build_transform(sepia_color_transform *transform, const void *profile, size_t size, sepia_color_layout layout,
                            sepia_diagnostics *diagnostics) {
    cmsHPROFILE source = open_profile(transform->context, profile, size);
    if (source == NULL) return false;
    if (!layout_fits(layout, space_of(source))) {
        cmsCloseProfile(source);
        sepia_diagnostics_set_error(diagnostics, "the ICC profile's colour space does not match the image's");
        return false;
    }
    if (layout == SEPIA_COLOR_LAYOUT_RGBA && cmsIsMatrixShaper(source)) {
        transform->shaper = build_matrix_shaper(transform->context, source);
        if (transform->shaper != NULL) {
            cmsCloseProfile(source);
            return true;
        }
    }
    cmsHPROFILE srgb = cmsCreate_sRGBProfileTHR(transform->context);
    if (srgb != NULL) {
        /*
         * RGB copies its alpha (in place, onto itself). Grey and CMYK have no alpha channel to
         * copy: lcms2 then skips the output's fourth byte, so grey keeps its alpha there.
         */
        const cmsUInt32Number flags = cmsFLAGS_NOCACHE | (layout == SEPIA_COLOR_LAYOUT_RGBA ? cmsFLAGS_COPY_ALPHA : 0);
        transform->transform =
            cmsCreateTransformTHR(transform->context, source, input_format(layout), srgb, TYPE_RGBA_8, SEPIA_INTENT, flags);
        cmsCloseProfile(srgb);
    }
    cmsCloseProfile(source);
    return transform->transform != NULL;
}

sepia_status sepia_color_transform_create(const void *profile, size_t size, sepia_color_layout layout,
                                          sepia_color_transform **transform, sepia_diagnostics *diagnostics) {
    *transform = NULL;
    sepia_color_transform *made = calloc(1, sizeof *made);
    error_sink *sink = calloc(1, sizeof *sink);
    if (made == NULL || sink == NULL) {
        free(made);
        free(sink);
        return SEPIA_STATUS_OUT_OF_MEMORY;
    }
    sink->diagnostics = diagnostics;
    made->context = create_context(sink);
    made->sets_opaque_alpha = layout == SEPIA_COLOR_LAYOUT_CMYK || layout == SEPIA_COLOR_LAYOUT_CMYK_INVERTED;
    if (made->context == NULL) {
        free(made);
        free(sink);
        return SEPIA_STATUS_OUT_OF_MEMORY;
    }
    if (!build_transform(made, profile, size, layout, diagnostics)) {
        sepia_color_transform_destroy(made);
        return failure(diagnostics, "lcms2 cannot convert from the ICC profile");
    }
    /* From here on the transform may be shared between threads: its errors are not recorded. */
    sink->diagnostics = NULL;
    *transform = made;
    return SEPIA_STATUS_OK;
}

void sepia_color_transform_destroy(sepia_color_transform *transform) {
    if (transform == NULL) return;
    if (transform->transform != NULL) cmsDeleteTransform(transform->transform);
    destroy_matrix_shaper(transform->shaper);
    error_sink *sink = cmsGetContextUserData(transform->context);
    cmsDeleteContext(transform->context);
    free(sink);
    free(transform);
}

void sepia_color_transform_apply(const sepia_color_transform *transform, uint8_t *pixels, uint32_t width, uint32_t rows,
                                 size_t bytes_per_row) {
    if (width == 0 || rows == 0) return;
    if (transform->shaper != NULL) {
        for (uint32_t y = 0; y < rows; y++) apply_matrix_shaper(transform->shaper, pixels + (size_t)y * bytes_per_row, width);
        return;
    }
    cmsDoTransformLineStride(transform->transform, pixels, pixels, width, rows, (cmsUInt32Number)bytes_per_row,
                             (cmsUInt32Number)bytes_per_row, 0, 0);
    if (!transform->sets_opaque_alpha) return;
    for (uint32_t y = 0; y < rows; y++) {
        uint8_t *row = pixels + (size_t)y * bytes_per_row;
        for (uint32_t x = 0; x < width; x++) row[4 * x + 3] = 255;
    }
}

/* Saves `profile` into malloc'd bytes. */
static sepia_status save_profile(cmsHPROFILE profile, sepia_encoded_data *output, sepia_diagnostics *diagnostics) {
    cmsUInt32Number length = 0;
    if (!cmsSaveProfileToMem(profile, NULL, &length) || length == 0) {
        return failure(diagnostics, "lcms2 cannot save the profile");
    }
    output->bytes = malloc(length);
    if (output->bytes == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    if (!cmsSaveProfileToMem(profile, output->bytes, &length)) {
        sepia_encoded_data_free(output);
        return failure(diagnostics, "lcms2 cannot save the profile");
    }
    output->length = length;
    return SEPIA_STATUS_OK;
}

/* sRGB's decoding curve (IEC 61966-2-1) as lcms2's parametric curve type 4. */
static cmsToneCurve *srgb_curve(cmsContext context) {
    const cmsFloat64Number parameters[5] = {2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045};
    return cmsBuildParametricToneCurve(context, 4, parameters);
}

sepia_status sepia_color_profile_create_rgb(const sepia_chromaticities *chromaticities, double decoding_gamma,
                                            sepia_encoded_data *output, sepia_diagnostics *diagnostics) {
    output->bytes = NULL;
    output->length = 0;
    error_sink sink = {diagnostics};
    cmsContext context = create_context(&sink);
    if (context == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    cmsToneCurve *curve = decoding_gamma == 0 ? srgb_curve(context) : cmsBuildGamma(context, decoding_gamma);
    const cmsCIExyY white = {chromaticities->white_x, chromaticities->white_y, 1.0};
    const cmsCIExyYTRIPLE primaries = {
        {chromaticities->red_x, chromaticities->red_y, 1.0},
        {chromaticities->green_x, chromaticities->green_y, 1.0},
        {chromaticities->blue_x, chromaticities->blue_y, 1.0},
    };
    sepia_status status;
    cmsHPROFILE profile = NULL;
    if (curve == NULL) {
        status = failure(diagnostics, "lcms2 cannot build the tone curve");
    } else {
        cmsToneCurve *const curves[3] = {curve, curve, curve};
        profile = cmsCreateRGBProfileTHR(context, &white, &primaries, curves);
        status = profile == NULL ? failure(diagnostics, "the chromaticities do not make a profile")
                                 : save_profile(profile, output, diagnostics);
    }
    if (profile != NULL) cmsCloseProfile(profile);
    if (curve != NULL) cmsFreeToneCurve(curve);
    cmsDeleteContext(context);
    return status;
}

sepia_status sepia_color_profile_create_srgb(sepia_encoded_data *output, sepia_diagnostics *diagnostics) {
    output->bytes = NULL;
    output->length = 0;
    error_sink sink = {diagnostics};
    cmsContext context = create_context(&sink);
    if (context == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    cmsHPROFILE profile = cmsCreate_sRGBProfileTHR(context);
    const sepia_status status =
        profile == NULL ? failure(diagnostics, "lcms2 cannot make its sRGB profile") : save_profile(profile, output, diagnostics);
    if (profile != NULL) cmsCloseProfile(profile);
    cmsDeleteContext(context);
    return status;
}
