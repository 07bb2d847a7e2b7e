#ifndef SEPIA_JXL_LIBRARY_H
#define SEPIA_JXL_LIBRARY_H

#include <stdbool.h>

#include <jxl/decode.h>
#include <jxl/encode.h>

#include "sepia_diagnostics_internal.h"

/*
 * libjxl (Debian 12's 0.7), loaded with dlopen the first time a JPEG XL file is read or written
 * (sepia_library.h), not linked: it is C++ and brings libhwy, libbrotlienc, libbrotlidec and
 * libstdc++'s initialisers, which every start of `sepia` would pay for whether or not it meets a
 * JPEG XL file.
 *
 * The functions Sepia calls are the members of `libjxl`, each of the type decode.h or encode.h
 * declares, so the compiler still checks every call: write `libjxl.JxlDecoderCreate(NULL)` for
 * `JxlDecoderCreate(NULL)`. They are set once sepia_jxl_library_start has returned true.
 */
#define SEPIA_JXL_FUNCTIONS(X) \
    X(JxlColorEncodingSetToSRGB) \
    X(JxlDecoderCloseInput) \
    X(JxlDecoderCreate) \
    X(JxlDecoderDestroy) \
    X(JxlDecoderGetBasicInfo) \
    X(JxlDecoderGetBoxType) \
    X(JxlDecoderGetColorAsEncodedProfile) \
    X(JxlDecoderGetColorAsICCProfile) \
    X(JxlDecoderGetICCProfileSize) \
    X(JxlDecoderImageOutBufferSize) \
    X(JxlDecoderProcessInput) \
    X(JxlDecoderReleaseBoxBuffer) \
    X(JxlDecoderSetBoxBuffer) \
    X(JxlDecoderSetDecompressBoxes) \
    X(JxlDecoderSetImageOutBuffer) \
    X(JxlDecoderSetInput) \
    X(JxlDecoderSetKeepOrientation) \
    X(JxlDecoderSetPreferredColorProfile) \
    X(JxlDecoderSetUnpremultiplyAlpha) \
    X(JxlDecoderSubscribeEvents) \
    X(JxlEncoderAddBox) \
    X(JxlEncoderAddImageFrame) \
    X(JxlEncoderCloseInput) \
    X(JxlEncoderCreate) \
    X(JxlEncoderDestroy) \
    X(JxlEncoderFrameSettingsCreate) \
    X(JxlEncoderFrameSettingsSetOption) \
    X(JxlEncoderGetError) \
    X(JxlEncoderInitBasicInfo) \
    X(JxlEncoderProcessOutput) \
    X(JxlEncoderSetBasicInfo) \
    X(JxlEncoderSetColorEncoding) \
    X(JxlEncoderSetFrameDistance) \
    X(JxlEncoderSetFrameLossless) \
    X(JxlEncoderUseBoxes)

struct sepia_jxl_functions {
#define SEPIA_JXL_POINTER(name) __typeof__(name) *name;
    SEPIA_JXL_FUNCTIONS(SEPIA_JXL_POINTER)
#undef SEPIA_JXL_POINTER
};

/* libjxl's functions; valid once sepia_jxl_library_start has returned true. */
extern struct sepia_jxl_functions libjxl;

/*
 * Loads libjxl, once for the whole process (the first decoders may start on several threads at
 * the same time). libjxl stays loaded until the process ends. Returns false, with the reason in
 * `diagnostics` (SEPIA_STATUS_UNSUPPORTED for the caller), when libjxl cannot be loaded.
 */
bool sepia_jxl_library_start(sepia_diagnostics *diagnostics);

#endif
