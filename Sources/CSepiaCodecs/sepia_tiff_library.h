#ifndef SEPIA_TIFF_LIBRARY_H
#define SEPIA_TIFF_LIBRARY_H

#include <stdbool.h>

#include <tiffio.h>

#include "sepia_diagnostics_internal.h"

/*
 * libtiff, loaded with dlopen the first time a TIFF file is read (sepia_library.h), not linked:
 * with the libraries it brings (LERC, which is C++, JBIG, zstd, xz, libdeflate) it took about
 * 1 ms of every start of `sepia`.
 *
 * The functions Sepia calls are the members of `libtiff`, each of the type tiffio.h declares, so
 * the compiler still checks every call: write `libtiff.TIFFClose(tiff)` for `TIFFClose(tiff)`.
 * They are set once sepia_tiff_library_start has returned true.
 */
#define SEPIA_TIFF_FUNCTIONS(X) \
    X(TIFFClientOpenExt) \
    X(TIFFClose) \
    X(TIFFComputeTile) \
    X(TIFFGetField) \
    X(TIFFGetFieldDefaulted) \
    X(TIFFGetStrileByteCountWithErr) \
    X(TIFFGetStrileOffsetWithErr) \
    X(TIFFIsCODECConfigured) \
    X(TIFFIsTiled) \
    X(TIFFNumberOfStrips) \
    X(TIFFNumberOfTiles) \
    X(TIFFOpenOptionsAlloc) \
    X(TIFFOpenOptionsFree) \
    X(TIFFOpenOptionsSetErrorHandlerExtR) \
    X(TIFFOpenOptionsSetMaxSingleMemAlloc) \
    X(TIFFOpenOptionsSetWarningHandlerExtR) \
    X(TIFFRGBAImageBegin) \
    X(TIFFRGBAImageEnd) \
    X(TIFFRGBAImageGet) \
    X(TIFFRGBAImageOK) \
    X(TIFFReadEncodedStrip) \
    X(TIFFReadEncodedTile) \
    X(TIFFReadScanline) \
    X(TIFFScanlineSize) \
    X(TIFFScanlineSize64) \
    X(TIFFSetField) \
    X(TIFFStripSize) \
    X(TIFFStripSize64) \
    X(TIFFTileRowSize) \
    X(TIFFTileSize) \
    X(TIFFTileSize64)

struct sepia_tiff_functions {
#define SEPIA_TIFF_POINTER(name) __typeof__(name) *name;
    SEPIA_TIFF_FUNCTIONS(SEPIA_TIFF_POINTER)
#undef SEPIA_TIFF_POINTER
};

/* libtiff's functions; valid once sepia_tiff_library_start has returned true. */
extern struct sepia_tiff_functions libtiff;

/*
 * Loads libtiff, once for the whole process (the first decoders may start on several threads at
 * the same time). libtiff stays loaded until the process ends. Returns false, with the reason in
 * `diagnostics` (SEPIA_STATUS_UNSUPPORTED for the caller), when libtiff cannot be loaded.
 */
bool sepia_tiff_library_start(sepia_diagnostics *diagnostics);

#endif
