#ifndef SEPIA_PNG_DECODER_INTERNAL_H
#define SEPIA_PNG_DECODER_INTERNAL_H

#include "sepia_png.h"
#include "sepia_png_errors.h"

/* The PNG decoder's state, shared by sepia_png_decode.c and sepia_png_passes.c. */
struct sepia_png_decoder {
    png_structp png;
    png_infop info;
    sepia_png_errors errors;
    sepia_diagnostics diagnostics;
    const uint8_t *data;
    size_t size;
    size_t offset;
    png_bytep *rows;      /* row pointers into the caller's buffer, freed by destroy */
    png_uint_32 next_row; /* the next row read_rows decodes */
    bool image_complete;  /* every row is decoded; later problems are only warnings */
};

/*
 * Sets libpng's transformations to 8-bit RGBA samples whatever the stored colour type and bit
 * depth (palettes and low bit depths expanded, tRNS as alpha, 16 bits scaled by round(v / 257),
 * opaque alpha added), without interlace handling and before png_read_update_info.
 */
void sepia_png_request_rgba8_samples(png_structp png, png_infop info);

#endif
