#include <stdlib.h>
#include <string.h>

#include "sepia_png_decoder_internal.h"

/* The Adam7 passes (PNG 3rd edition, section 8.2). */
#define PASS_COUNT 7

/*
 * The most IDAT bytes libpng asks for at once while reading passes. It reads min(this, the rest
 * of the chunk) in one call, and a call the data cannot satisfy stops the decode: libpng's 8,192
 * would leave up to 8 KB that have arrived unused.
 */
#define IDAT_READ_SIZE 256

/*
 * The spacing of the pixels known once passes 1 to k are read whole (index k, 1 to 7): pass 1
 * gives every 8th pixel each way, pass 2 halves the horizontal spacing, pass 3 the vertical
 * one, and so on down to every pixel after pass 7. Index 0: nothing known.
 */
static const uint32_t known_spacing_x[PASS_COUNT + 1] = {0, 8, 4, 4, 2, 2, 1, 1};
static const uint32_t known_spacing_y[PASS_COUNT + 1] = {0, 8, 8, 4, 4, 2, 2, 1};

/* How many passes fill a grid of every `step`-th pixel each way. */
static int passes_filling(uint32_t step) {
    switch (step) {
    case 8: return 1;
    case 4: return 3;
    case 2: return 5;
    default: return PASS_COUNT;
    }
}

/* The per-decode state libpng may see change before a longjmp: on the heap, not in locals. */
typedef struct pass_progress {
    png_bytep row;
    uint32_t complete;
} pass_progress;

/*
 * Reads passes in order, placing the pixels that fall on the `step` grid into the canvas, until
 * `needed` passes are read or libpng stops (longjmp: the caller's setjmp sees progress->complete).
 */
static void read_passes(sepia_png_decoder *decoder, uint32_t step, uint8_t *canvas, size_t bytes_per_row, int needed,
                        pass_progress *progress) {
    png_structp png = decoder->png;
    const png_uint_32 width = png_get_image_width(png, decoder->info);
    const png_uint_32 height = png_get_image_height(png, decoder->info);
    const uint32_t mask = step - 1;
    for (int pass = 0; pass < needed; pass++) {
        const png_uint_32 columns = PNG_PASS_COLS(width, pass);
        const png_uint_32 rows = PNG_PASS_ROWS(height, pass);
        if (columns == 0 || rows == 0) { /* libpng skips empty passes too */
            progress->complete = (uint32_t)pass + 1;
            continue;
        }
        const png_uint_32 first_x = PNG_PASS_START_COL(pass), shift_x = PNG_PASS_COL_SHIFT(pass);
        for (png_uint_32 r = 0; r < rows; r++) {
            png_read_row(png, progress->row, NULL);
            const png_uint_32 y = PNG_PASS_START_ROW(pass) + (r << PNG_PASS_ROW_SHIFT(pass));
            if ((y & mask) != 0) continue;
            uint8_t *line = canvas + (size_t)(y / step) * bytes_per_row;
            for (png_uint_32 c = 0; c < columns; c++) {
                const png_uint_32 x = first_x + (c << shift_x);
                if ((x & mask) == 0) memcpy(line + (size_t)(x / step) * 4, progress->row + (size_t)c * 4, 4);
            }
        }
        progress->complete = (uint32_t)pass + 1;
    }
}

/* Fills the canvas pixels complete passes have not reached with the known pixel before them. */
static void fill_blocks(uint8_t *canvas, size_t bytes_per_row, uint32_t columns, uint32_t rows, uint32_t step,
                        uint32_t complete) {
    const uint32_t spacing_x = known_spacing_x[complete] > step ? known_spacing_x[complete] / step : 1;
    const uint32_t spacing_y = known_spacing_y[complete] > step ? known_spacing_y[complete] / step : 1;
    if (spacing_x == 1 && spacing_y == 1) return;
    for (uint32_t y = 0; y < rows; y++) {
        uint8_t *line = canvas + (size_t)y * bytes_per_row;
        const uint8_t *known = canvas + (size_t)(y - y % spacing_y) * bytes_per_row;
        for (uint32_t x = 0; x < columns; x++) {
            if (x % spacing_x == 0 && y % spacing_y == 0) continue;
            memcpy(line + (size_t)x * 4, known + (size_t)(x - x % spacing_x) * 4, 4);
        }
    }
}

sepia_status sepia_png_decoder_read_passes(sepia_png_decoder *decoder, uint32_t step, uint8_t *canvas,
                                           size_t bytes_per_row, uint32_t *passes) {
    *passes = 0;
    if (!sepia_png_decoder_is_interlaced(decoder)) {
        sepia_diagnostics_set_error(&decoder->diagnostics, "the PNG is not interlaced");
        return SEPIA_STATUS_UNSUPPORTED;
    }
    if (step != 1 && step != 2 && step != 4 && step != 8) {
        sepia_diagnostics_set_error(&decoder->diagnostics, "the grid step is not 1, 2, 4 or 8");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    png_structp png = decoder->png;
    const png_uint_32 width = png_get_image_width(png, decoder->info);
    const png_uint_32 height = png_get_image_height(png, decoder->info);
    const uint32_t columns = (width + step - 1) / step, rows = (height + step - 1) / step;
    pass_progress *progress = calloc(1, sizeof *progress);
    if (progress == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    sepia_status status = SEPIA_STATUS_OK;
    if (setjmp(decoder->errors.jump)) {
        /* Data that stops is where a download is; anything else is damage. */
        status = decoder->diagnostics.data_ended_early ? SEPIA_STATUS_OK : sepia_png_errors_status(&decoder->errors);
    } else {
        sepia_png_request_rgba8_samples(png, decoder->info);
        png_set_compression_buffer_size(png, IDAT_READ_SIZE); /* for a read struct, the IDAT read size */
        png_read_update_info(png, decoder->info);
        if (png_get_rowbytes(png, decoder->info) != (size_t)width * 4) {
            sepia_diagnostics_set_error(&decoder->diagnostics, "libpng did not produce 8-bit RGBA rows");
            status = SEPIA_STATUS_LIBRARY_ERROR;
        } else if ((progress->row = malloc((size_t)width * 4)) == NULL) {
            status = SEPIA_STATUS_OUT_OF_MEMORY;
        } else {
            read_passes(decoder, step, canvas, bytes_per_row, passes_filling(step), progress);
        }
    }
    if (status == SEPIA_STATUS_OK) {
        *passes = progress->complete;
        if (progress->complete > 0) fill_blocks(canvas, bytes_per_row, columns, rows, step, progress->complete);
    }
    free(progress->row);
    free(progress);
    return status;
}
