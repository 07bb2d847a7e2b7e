#ifndef SEPIA_TIFF_RGBA_INTERFACE_H
#define SEPIA_TIFF_RGBA_INTERFACE_H

#include <stdbool.h>
#include <stdint.h>

#include <tiffio.h>

#include "sepia_diagnostics_internal.h"

/*
 * libtiff's RGBA interface (TIFFRGBAImageBegin / TIFFRGBAImageGet): the decoder's fallback for
 * layouts its own conversion does not read: separate colour planes (strips and tiles, extra
 * samples included), CIE L*a*b*, YCbCr without new-style JPEG compression, old-style JPEG
 * (compression 6), and samples libtiff reads as unsigned (signed integers, as ImageMagick
 * reads them too).
 */

/*
 * Whether libtiff's RGBA interface converts the current directory. When it does not, sets the
 * error to libtiff's reason (for example 12-bit or floating-point samples) and returns false.
 */
bool sepia_tiff_rgba_interface_accepts(TIFF *tiff, sepia_diagnostics *diagnostics);

/*
 * Bytes libtiff holds while it converts the current directory: one decoded strip or tile of
 * every plane it reads at a time.
 */
uint64_t sepia_tiff_rgba_interface_working_bytes(TIFF *tiff);

/*
 * Converts the whole `width` x `height` page into `rgba` (4 bytes a pixel, rows of width * 4
 * bytes, as stored: the Orientation tag is not applied), a strip or tile at a time. Sets
 * `premultiplied` when the pixels carry alpha, which libtiff hands out associated
 * (premultiplied) whatever the file stores. Fails with SEPIA_STATUS_LIBRARY_ERROR, the reason in
 * `diagnostics` (libtiff's error handler may have set it first).
 */
sepia_status sepia_tiff_rgba_interface_read(TIFF *tiff, uint32_t width, uint32_t height, uint8_t *rgba, bool *premultiplied,
                                            sepia_diagnostics *diagnostics);

#endif
