#include "sepia_tiff_rgba_interface.h"

#include <stdio.h>

#include "sepia_tiff_library.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "libtiff packs RGBA pixels as R | G << 8 | B << 16 | A << 24; the shim reads them as bytes R, G, B, A"
#endif

/* Sets the error to `reason` unless libtiff's handler has set one already. */
static void set_error(sepia_diagnostics *diagnostics, const char *reason) {
    if (diagnostics->error[0] == '\0') sepia_diagnostics_set_error(diagnostics, reason);
}

bool sepia_tiff_rgba_interface_accepts(TIFF *tiff, sepia_diagnostics *diagnostics) {
    char reason[1024] = "";
    if (libtiff.TIFFRGBAImageOK(tiff, reason)) return true;
    char message[SEPIA_MESSAGE_CAPACITY];
    snprintf(message, sizeof message, "libtiff cannot convert this TIFF to RGBA: %.150s", reason[0] != '\0' ? reason : "unknown layout");
    sepia_diagnostics_set_error(diagnostics, message);
    return false;
}

uint64_t sepia_tiff_rgba_interface_working_bytes(TIFF *tiff) {
    uint16_t planar = PLANARCONFIG_CONTIG, samples = 1;
    libtiff.TIFFGetFieldDefaulted(tiff, TIFFTAG_PLANARCONFIG, &planar);
    libtiff.TIFFGetFieldDefaulted(tiff, TIFFTAG_SAMPLESPERPIXEL, &samples);
    const uint64_t strile = libtiff.TIFFIsTiled(tiff) ? libtiff.TIFFTileSize64(tiff) : libtiff.TIFFStripSize64(tiff);
    /* Separate planes: libtiff reads the colour planes and the alpha plane side by side. */
    const uint64_t planes = planar == PLANARCONFIG_SEPARATE ? (samples < 4 ? samples : 4) : 1;
    return strile * planes;
}

sepia_status sepia_tiff_rgba_interface_read(TIFF *tiff, uint32_t width, uint32_t height, uint8_t *rgba, bool *premultiplied,
                                            sepia_diagnostics *diagnostics) {
    char reason[1024] = "";
    TIFFRGBAImage image;
    if (!libtiff.TIFFRGBAImageBegin(&image, tiff, 1, reason)) {
        set_error(diagnostics, reason[0] != '\0' ? reason : "libtiff cannot convert this TIFF to RGBA");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    /*
     * Rows as stored, top row first: the caller applies the Orientation tag (libtiff's own
     * handling flips instead of turning orientations 5-8). Equal orientations make libtiff flip
     * nothing.
     */
    image.orientation = ORIENTATION_TOPLEFT;
    image.req_orientation = ORIENTATION_TOPLEFT;
    /* One call: libtiff decodes a strip or tile at a time into a buffer of that size. */
    const int converted = libtiff.TIFFRGBAImageGet(&image, (uint32_t *)(void *)rgba, width, height);
    *premultiplied = image.alpha != 0;
    libtiff.TIFFRGBAImageEnd(&image);
    if (!converted) {
        set_error(diagnostics, "libtiff could not convert the TIFF to RGBA");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    return SEPIA_STATUS_OK;
}
