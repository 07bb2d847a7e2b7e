#include "sepia_gif_lzw.h"

#include <stdio.h>

/* The widest code: a table of SEPIA_GIF_LZW_TABLE_SIZE entries. */
#define MAX_CODE_SIZE 12

void sepia_gif_lzw_start(sepia_gif_lzw *lzw, const uint8_t *data, size_t size, size_t offset, int minimum_code_size) {
    lzw->data = data;
    lzw->size = size;
    lzw->offset = offset;
    lzw->block_left = 0;
    lzw->data_ended = false;
    lzw->bits = 0;
    lzw->bit_count = 0;
    lzw->minimum_code_size = minimum_code_size;
    lzw->code_size = minimum_code_size + 1;
    lzw->next_code = (1 << minimum_code_size) + 2;
    lzw->previous_code = -1;
    lzw->stack_size = 0;
    for (int value = 0; value < 1 << minimum_code_size; value++) {
        lzw->suffix[value] = (uint16_t)value;
        lzw->first[value] = (uint16_t)value;
    }
}

/* The next byte of the data sub-blocks (GIF89a, section 15), or -1 at their end or the data's. */
static int next_byte(sepia_gif_lzw *lzw, sepia_diagnostics *diagnostics) {
    while (lzw->block_left == 0) {
        if (lzw->data_ended) return -1;
        if (lzw->offset >= lzw->size) {
            diagnostics->data_ended_early = true;
            return -1;
        }
        lzw->block_left = lzw->data[lzw->offset++];
        if (lzw->block_left == 0) lzw->data_ended = true;
    }
    if (lzw->offset >= lzw->size) {
        diagnostics->data_ended_early = true;
        return -1;
    }
    lzw->block_left -= 1;
    return lzw->data[lzw->offset++];
}

/* The next code, or -1 when the data ends first. */
static int next_code(sepia_gif_lzw *lzw, sepia_diagnostics *diagnostics) {
    while (lzw->bit_count < lzw->code_size) {
        const int byte = next_byte(lzw, diagnostics);
        if (byte < 0) return -1;
        lzw->bits |= (uint32_t)byte << lzw->bit_count;
        lzw->bit_count += 8;
    }
    const int code = (int)(lzw->bits & ((1u << lzw->code_size) - 1));
    lzw->bits >>= lzw->code_size;
    lzw->bit_count -= lzw->code_size;
    return code;
}

/* Pushes the string of table entry `code` onto the stack, last value first. */
static void push_string(sepia_gif_lzw *lzw, int code) {
    const int first_entry = (1 << lzw->minimum_code_size) + 2;
    /* Every entry's prefix is an older code, so the walk ends within the table's size. */
    while (code >= first_entry) {
        lzw->stack[lzw->stack_size++] = lzw->suffix[code];
        code = lzw->prefix[code];
    }
    lzw->stack[lzw->stack_size++] = (uint16_t)code;
}

static sepia_status fail(sepia_diagnostics *diagnostics, const char *message) {
    if (diagnostics->data_ended_early) {
        sepia_diagnostics_set_error(diagnostics, "the GIF data ends early");
        return SEPIA_STATUS_TRUNCATED;
    }
    sepia_diagnostics_set_error(diagnostics, message);
    return SEPIA_STATUS_LIBRARY_ERROR;
}

/* Reads codes until the stack holds the next string; a status other than OK when it cannot. */
static sepia_status decode_string(sepia_gif_lzw *lzw, sepia_diagnostics *diagnostics) {
    const int clear_code = 1 << lzw->minimum_code_size;
    for (;;) {
        const int code = next_code(lzw, diagnostics);
        if (code < 0 || code == clear_code + 1) {
            return fail(diagnostics, "the image data ends before the frame is complete");
        }
        if (code == clear_code) {
            lzw->code_size = lzw->minimum_code_size + 1;
            lzw->next_code = clear_code + 2;
            lzw->previous_code = -1;
            continue;
        }
        const int previous = lzw->previous_code;
        if (previous < 0) {
            if (code > clear_code) {
                return fail(diagnostics, "the image data starts with a code the LZW table does not hold");
            }
            push_string(lzw, code);
        } else if (code < lzw->next_code) {
            push_string(lzw, code);
        } else if (code == lzw->next_code && lzw->next_code < SEPIA_GIF_LZW_TABLE_SIZE) {
            /* The entry being made: the previous string and its own first value. */
            lzw->stack[lzw->stack_size++] = lzw->first[previous];
            push_string(lzw, previous);
        } else {
            return fail(diagnostics, "the image data holds a code the LZW table does not hold");
        }
        if (previous >= 0 && lzw->next_code < SEPIA_GIF_LZW_TABLE_SIZE) {
            const int entry = lzw->next_code++;
            lzw->prefix[entry] = (uint16_t)previous;
            lzw->suffix[entry] = lzw->stack[lzw->stack_size - 1];
            lzw->first[entry] = lzw->first[previous];
            if (lzw->next_code == 1 << lzw->code_size && lzw->code_size < MAX_CODE_SIZE) lzw->code_size += 1;
        }
        lzw->previous_code = code;
        return SEPIA_STATUS_OK;
    }
}

sepia_status sepia_gif_lzw_read(sepia_gif_lzw *lzw, uint16_t *values, size_t count, sepia_diagnostics *diagnostics) {
    for (size_t index = 0; index < count; index++) {
        if (lzw->stack_size == 0) {
            const sepia_status status = decode_string(lzw, diagnostics);
            if (status != SEPIA_STATUS_OK) return status;
        }
        values[index] = lzw->stack[--lzw->stack_size];
    }
    return SEPIA_STATUS_OK;
}
