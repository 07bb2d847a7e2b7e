#ifndef SEPIA_GIF_LZW_H
#define SEPIA_GIF_LZW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sepia_diagnostics_internal.h"

/*
 * A GIF LZW decoder for the minimum code sizes giflib refuses (9 to 11): GIF89a allows 2 to 8,
 * but browsers decode larger ones as long as codes stay within 12 bits, and so does this.
 * Variable-length-code LZW as GIF89a Appendix F describes it: codes are read least significant
 * bit first from the data sub-blocks, the table holds at most 4096 entries, and a full table
 * stops growing until the next clear code.
 */

/* The largest minimum code size the decoder takes: its first codes are then 12 bits wide. */
#define SEPIA_GIF_LZW_MAX_MINIMUM_CODE_SIZE 11

/* The most codes a table holds: codes are at most 12 bits wide. */
#define SEPIA_GIF_LZW_TABLE_SIZE 4096

typedef struct sepia_gif_lzw {
    const uint8_t *data;
    size_t size;
    size_t offset;          /* the next byte of `data` to read */
    unsigned block_left;    /* bytes left in the current data sub-block */
    bool data_ended;        /* the zero-length block that ends the image data was read */
    uint32_t bits;          /* bits read but not yet used, the oldest in the low bits */
    int bit_count;          /* how many of `bits` are valid */
    int minimum_code_size;  /* the image's LZW minimum code size */
    int code_size;          /* the width of the next code, in bits */
    int next_code;          /* the next table entry to fill */
    int previous_code;      /* the code before, or -1 right after a clear code */
    uint16_t prefix[SEPIA_GIF_LZW_TABLE_SIZE]; /* an entry's string without its last value */
    uint16_t suffix[SEPIA_GIF_LZW_TABLE_SIZE]; /* an entry's last value */
    uint16_t first[SEPIA_GIF_LZW_TABLE_SIZE];  /* an entry's first value */
    uint16_t stack[SEPIA_GIF_LZW_TABLE_SIZE];  /* the current string, last value first */
    int stack_size;
} sepia_gif_lzw;

/*
 * Starts decoding the image data that starts at `data[offset]` (its first data sub-block, just
 * after the minimum code size byte), with `minimum_code_size` from 2 to
 * SEPIA_GIF_LZW_MAX_MINIMUM_CODE_SIZE.
 */
void sepia_gif_lzw_start(sepia_gif_lzw *lzw, const uint8_t *data, size_t size, size_t offset, int minimum_code_size);

/*
 * Decodes the next `count` pixel values (0 to 2^minimum_code_size - 1) into `values`. Fails
 * with SEPIA_STATUS_TRUNCATED when the data ends first, and SEPIA_STATUS_LIBRARY_ERROR (the
 * reason in `diagnostics`) when the image data ends early or holds a code the table does not.
 */
sepia_status sepia_gif_lzw_read(sepia_gif_lzw *lzw, uint16_t *values, size_t count, sepia_diagnostics *diagnostics);

#endif
