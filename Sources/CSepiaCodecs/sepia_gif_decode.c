#include "sepia_gif.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gif_lib.h>

#include "sepia_diagnostics_internal.h"
#include "sepia_gif_lzw.h"
#include "sepia_huge_pages.h"

struct sepia_gif_decoder {
    GifFileType *gif;
    sepia_diagnostics diagnostics;
    const uint8_t *data;
    size_t size;
    size_t offset;
    GifPixelType *line;   /* one row of the frame's colour indices, from giflib */
    uint16_t *indices;    /* the same row widened, or from the decoder's own LZW */
    sepia_gif_lzw *lzw;   /* for a minimum code size giflib refuses */
    bool own_lzw;         /* the current frame is decoded by `lzw`, not giflib */
    /* The graphics control extension that applies to the next frame (GIF89a, section 23). */
    int transparent_index;
    int disposal;
    int delay_centiseconds;
    /* Animation: the frames decoded so far, and how the last one is disposed of. */
    uint32_t frames_read;
    GifImageDesc previous;
    int previous_disposal;
    uint8_t *saved; /* the canvas before a frame disposed of by DISPOSE_PREVIOUS, canvas-sized */
};

/* giflib's InputFunc over the caller's bytes; a short read marks the data as truncated. */
static int read_from_memory(GifFileType *gif, GifByteType *destination, int length) {
    sepia_gif_decoder *decoder = gif->UserData;
    size_t count = (size_t)length;
    if (count > decoder->size - decoder->offset) {
        count = decoder->size - decoder->offset;
        decoder->diagnostics.data_ended_early = true;
    }
    memcpy(destination, decoder->data + decoder->offset, count);
    decoder->offset += count;
    return (int)count;
}

/* Records giflib's error code as the error, and the status it means. */
static sepia_status fail(sepia_diagnostics *diagnostics, int code) {
    if (diagnostics->data_ended_early) {
        sepia_diagnostics_set_error(diagnostics, "the GIF data ends early");
        return SEPIA_STATUS_TRUNCATED;
    }
    const char *message = GifErrorString(code);
    sepia_diagnostics_set_error(diagnostics, message ? message : "giflib reported an unknown error");
    return code == D_GIF_ERR_NOT_ENOUGH_MEM ? SEPIA_STATUS_OUT_OF_MEMORY : SEPIA_STATUS_LIBRARY_ERROR;
}

sepia_gif_decoder *sepia_gif_decoder_create(const void *data, size_t size, uint32_t *width, uint32_t *height,
                                            sepia_diagnostics *diagnostics, sepia_status *status) {
    sepia_gif_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) {
        *status = SEPIA_STATUS_OUT_OF_MEMORY;
        return NULL;
    }
    decoder->data = data;
    decoder->size = size;
    decoder->transparent_index = NO_TRANSPARENT_COLOR;
    int error = 0;
    decoder->gif = DGifOpen(decoder, read_from_memory, &error);
    if (decoder->gif == NULL) {
        *status = fail(&decoder->diagnostics, error);
        *diagnostics = decoder->diagnostics;
        free(decoder);
        return NULL;
    }
    *width = (uint32_t)decoder->gif->SWidth;
    *height = (uint32_t)decoder->gif->SHeight;
    *status = SEPIA_STATUS_OK;
    return decoder;
}

void sepia_gif_decoder_destroy(sepia_gif_decoder *decoder) {
    if (decoder == NULL) return;
    int error = 0;
    DGifCloseFile(decoder->gif, &error);
    free(decoder->line);
    free(decoder->indices);
    free(decoder->lzw);
    free(decoder->saved);
    free(decoder);
}

const sepia_diagnostics *sepia_gif_decoder_diagnostics(const sepia_gif_decoder *decoder) {
    return &decoder->diagnostics;
}

/* Reads an extension; keeps what a graphics control extension says about the next frame. */
static bool read_extension(sepia_gif_decoder *decoder) {
    GifFileType *gif = decoder->gif;
    int function = 0;
    GifByteType *block = NULL;
    if (DGifGetExtension(gif, &function, &block) == GIF_ERROR) return false;
    if (function == GRAPHICS_EXT_FUNC_CODE && block != NULL) {
        GraphicsControlBlock control;
        if (DGifExtensionToGCB(block[0], block + 1, &control) == GIF_OK) {
            decoder->transparent_index = control.TransparentColor;
            decoder->disposal = control.DisposalMode;
            decoder->delay_centiseconds = control.DelayTime;
        }
    }
    while (block != NULL) {
        if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) return false;
    }
    return true;
}

/* The frame row that the `index`th decoded row is, for an interlaced frame (GIF89a, appendix E). */
static int interlaced_row(int index, int height) {
    static const int starts[4] = {0, 4, 2, 1};
    static const int steps[4] = {8, 8, 4, 2};
    for (int pass = 0; pass < 4; pass++) {
        const int rows = starts[pass] < height ? (height - starts[pass] + steps[pass] - 1) / steps[pass] : 0;
        if (index < rows) return starts[pass] + index * steps[pass];
        index -= rows;
    }
    return -1;
}

/* Writes one frame row of colour indices onto the screen, clipped to it. */
static void composite_row(const GifFileType *gif, const uint16_t *line, int frame_row, const ColorMapObject *colors,
                          int transparent_index, uint8_t *rgba, size_t bytes_per_row) {
    const GifImageDesc *frame = &gif->Image;
    const long y = (long)frame->Top + frame_row;
    if (y >= gif->SHeight) return;
    uint8_t *row = rgba + (size_t)y * bytes_per_row;
    const long visible = (long)gif->SWidth - frame->Left;
    const int columns = visible < frame->Width ? (int)(visible > 0 ? visible : 0) : frame->Width;
    for (int x = 0; x < columns; x++) {
        const int index = line[x];
        if (index == transparent_index) continue;
        uint8_t *pixel = row + ((size_t)frame->Left + (size_t)x) * 4;
        if (index < colors->ColorCount) {
            const GifColorType color = colors->Colors[index];
            pixel[0] = color.Red;
            pixel[1] = color.Green;
            pixel[2] = color.Blue;
        } else {
            pixel[0] = pixel[1] = pixel[2] = 0;
        }
        pixel[3] = 255;
    }
}

/* Reads the next row of the frame's colour indices into decoder->indices. */
static sepia_status read_row(sepia_gif_decoder *decoder) {
    const int width = decoder->gif->Image.Width;
    if (decoder->own_lzw) {
        return sepia_gif_lzw_read(decoder->lzw, decoder->indices, (size_t)width, &decoder->diagnostics);
    }
    if (DGifGetLine(decoder->gif, decoder->line, width) == GIF_ERROR) {
        return fail(&decoder->diagnostics, decoder->gif->Error);
    }
    for (int x = 0; x < width; x++) decoder->indices[x] = decoder->line[x];
    return SEPIA_STATUS_OK;
}

/*
 * Decodes the frame whose image descriptor giflib has just read: with giflib, or with the
 * decoder's own LZW from `lzw_offset` when `lzw_code_size` is not 0.
 */
static sepia_status read_frame(sepia_gif_decoder *decoder, uint8_t *rgba, size_t bytes_per_row, uint64_t pixel_limit,
                               int lzw_code_size, size_t lzw_offset) {
    GifFileType *gif = decoder->gif;
    const GifImageDesc *frame = &gif->Image;
    const char *which = decoder->frames_read == 0 ? "the first frame" : "a frame";
    if ((uint64_t)frame->Width * (uint64_t)frame->Height > pixel_limit) {
        char message[SEPIA_MESSAGE_CAPACITY];
        snprintf(message, sizeof message, "%s is %dx%d pixels, more than the pixel limit", which, frame->Width,
                 frame->Height);
        sepia_diagnostics_set_error(&decoder->diagnostics, message);
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    const ColorMapObject *colors = frame->ColorMap ? frame->ColorMap : gif->SColorMap;
    if (colors == NULL) {
        char message[SEPIA_MESSAGE_CAPACITY];
        snprintf(message, sizeof message, "%s has no colour table, local or global", which);
        sepia_diagnostics_set_error(&decoder->diagnostics, message);
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    if (frame->Width <= 0 || frame->Height <= 0) return SEPIA_STATUS_OK;
    free(decoder->line);
    free(decoder->indices);
    decoder->line = malloc((size_t)frame->Width);
    decoder->indices = malloc((size_t)frame->Width * sizeof *decoder->indices);
    if (decoder->line == NULL || decoder->indices == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    decoder->own_lzw = lzw_code_size != 0;
    if (decoder->own_lzw) {
        if (decoder->lzw == NULL) decoder->lzw = malloc(sizeof *decoder->lzw);
        if (decoder->lzw == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
        sepia_gif_lzw_start(decoder->lzw, decoder->data, decoder->size, lzw_offset, lzw_code_size);
    }
    for (int index = 0; index < frame->Height; index++) {
        const sepia_status status = read_row(decoder);
        if (status != SEPIA_STATUS_OK) return status;
        const int row = frame->Interlace ? interlaced_row(index, frame->Height) : index;
        composite_row(gif, decoder->indices, row, colors, decoder->transparent_index, rgba, bytes_per_row);
    }
    return SEPIA_STATUS_OK;
}

/*
 * Where the LZW minimum code size byte of the image descriptor at decoder->offset (just after its
 * separator) lies: after the position, size and flags (9 bytes) and the local colour table of 3 <<
 * (1 + the flags' low 3 bits) bytes when the flags' top bit says there is one (GIF89a, sections
 * 20 and 22). Past the data's end when the data is too short to say.
 */
static size_t lzw_code_size_offset(const sepia_gif_decoder *decoder) {
    const size_t flags_offset = decoder->offset + 8;
    if (flags_offset >= decoder->size) return decoder->size;
    const uint8_t flags = decoder->data[flags_offset];
    const size_t table_bytes = flags & 0x80 ? (size_t)3 << (1 + (flags & 0x07)) : 0;
    return flags_offset + 1 + table_bytes;
}

/*
 * The offset just past the data sub-blocks that start at `offset` (GIF89a, section 15: each a
 * length byte and that many bytes, ended by a zero length), or `size` when the data ends first.
 */
static size_t skip_sub_blocks(const uint8_t *data, size_t size, size_t offset) {
    while (offset < size) {
        const size_t length = data[offset];
        if (length == 0) return offset + 1;
        if (length >= size - offset) return size;
        offset += 1 + length;
    }
    return size;
}

/*
 * Where giflib must go on reading once a frame's rows are decoded: giflib reads the rest of its
 * own frames' data itself, but not of a frame it decoded no row of (an empty one) nor of one the
 * shim's own LZW decoded.
 */
static void skip_rest_of_image_data(sepia_gif_decoder *decoder) {
    const GifImageDesc *frame = &decoder->gif->Image;
    if (decoder->own_lzw) {
        const sepia_gif_lzw *lzw = decoder->lzw;
        decoder->offset = lzw->data_ended ? lzw->offset : skip_sub_blocks(decoder->data, decoder->size, lzw->offset + lzw->block_left);
    } else if (frame->Width <= 0 || frame->Height <= 0) {
        decoder->offset = skip_sub_blocks(decoder->data, decoder->size, decoder->offset);
    }
    decoder->own_lzw = false;
}

/*
 * Reads the image descriptor at decoder->offset (its separator read) and decodes its frame onto
 * `rgba`: with giflib, or with the shim's own LZW for a minimum code size of 9 to 11. giflib's
 * list of the frames it has seen is emptied each time, so that it does not grow with the frames.
 */
static sepia_status read_image(sepia_gif_decoder *decoder, uint8_t *rgba, size_t bytes_per_row, uint64_t pixel_limit) {
    GifFileType *gif = decoder->gif;
    const size_t code_size_offset = lzw_code_size_offset(decoder);
    const bool described = DGifGetImageDesc(gif) != GIF_ERROR;
    GifFreeSavedImages(gif);
    gif->SavedImages = NULL;
    gif->ImageCount = 0;
    if (described) return read_frame(decoder, rgba, bytes_per_row, pixel_limit, 0, 0);
    /* giflib refuses a code size above 8 once it has read the descriptor and colour table. */
    const int code_size = code_size_offset < decoder->size ? decoder->data[code_size_offset] : 0;
    if (code_size <= 8 || decoder->offset != code_size_offset + 1 || decoder->diagnostics.data_ended_early) {
        return fail(&decoder->diagnostics, gif->Error);
    }
    if (code_size > SEPIA_GIF_LZW_MAX_MINIMUM_CODE_SIZE) {
        char message[SEPIA_MESSAGE_CAPACITY];
        snprintf(message, sizeof message, "the LZW minimum code size is %d, outside 2...%d", code_size,
                 SEPIA_GIF_LZW_MAX_MINIMUM_CODE_SIZE);
        sepia_diagnostics_set_error(&decoder->diagnostics, message);
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    return read_frame(decoder, rgba, bytes_per_row, pixel_limit, code_size, decoder->offset);
}

/* Reads records up to the next image descriptor; `*found` is false when the trailer comes first. */
static sepia_status read_to_image(sepia_gif_decoder *decoder, bool *found) {
    GifFileType *gif = decoder->gif;
    for (;;) {
        GifRecordType record;
        if (DGifGetRecordType(gif, &record) == GIF_ERROR) return fail(&decoder->diagnostics, gif->Error);
        switch (record) {
        case IMAGE_DESC_RECORD_TYPE:
            *found = true;
            return SEPIA_STATUS_OK;
        case EXTENSION_RECORD_TYPE:
            if (!read_extension(decoder)) return fail(&decoder->diagnostics, gif->Error);
            break;
        case TERMINATE_RECORD_TYPE:
            *found = false;
            return SEPIA_STATUS_OK;
        default:
            sepia_diagnostics_set_error(&decoder->diagnostics, "the file holds a record of an unknown type");
            return SEPIA_STATUS_LIBRARY_ERROR;
        }
    }
}

/* Clears the rows of `rgba` (the logical screen) to transparent black. */
static void clear_screen(const GifFileType *gif, uint8_t *rgba, size_t bytes_per_row) {
    for (int y = 0; y < gif->SHeight; y++) memset(rgba + (size_t)y * bytes_per_row, 0, (size_t)gif->SWidth * 4);
}

sepia_status sepia_gif_decoder_read_pixels(sepia_gif_decoder *decoder, uint8_t *rgba, size_t bytes_per_row,
                                           uint64_t pixel_limit) {
    GifFileType *gif = decoder->gif;
    sepia_prefer_huge_pages(rgba, (size_t)gif->SHeight * bytes_per_row);
    clear_screen(gif, rgba, bytes_per_row);
    bool found = false;
    const sepia_status status = read_to_image(decoder, &found);
    if (status != SEPIA_STATUS_OK) return status;
    if (!found) {
        sepia_diagnostics_set_error(&decoder->diagnostics, "the file ends without an image");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    return read_image(decoder, rgba, bytes_per_row, pixel_limit);
}

/* The part of `frame` inside the logical screen, as [x0, x1) x [y0, y1); empty when it is outside. */
static void clip_to_screen(const GifFileType *gif, const GifImageDesc *frame, int *x0, int *x1, int *y0, int *y1) {
    *x0 = frame->Left < gif->SWidth ? frame->Left : gif->SWidth;
    *y0 = frame->Top < gif->SHeight ? frame->Top : gif->SHeight;
    const long right = (long)frame->Left + (frame->Width > 0 ? frame->Width : 0);
    const long bottom = (long)frame->Top + (frame->Height > 0 ? frame->Height : 0);
    *x1 = right < gif->SWidth ? (int)right : gif->SWidth;
    *y1 = bottom < gif->SHeight ? (int)bottom : gif->SHeight;
}

/* Copies the rectangle [x0, x1) x [y0, y1) of one canvas-sized buffer to another. */
static void copy_rect(uint8_t *to, size_t to_stride, const uint8_t *from, size_t from_stride, int x0, int x1, int y0,
                      int y1) {
    for (int y = y0; y < y1; y++) {
        memcpy(to + (size_t)y * to_stride + (size_t)x0 * 4, from + (size_t)y * from_stride + (size_t)x0 * 4,
               (size_t)(x1 - x0) * 4);
    }
}

/*
 * Disposes of the last frame as its graphics control extension asks (GIF89a, section 23): its
 * rectangle cleared to transparent for DISPOSE_BACKGROUND (as browsers do, rather than painting
 * the background colour), or given back what it covered for DISPOSE_PREVIOUS; left for the rest.
 */
static void dispose_previous(sepia_gif_decoder *decoder, uint8_t *rgba, size_t bytes_per_row) {
    const GifFileType *gif = decoder->gif;
    int x0, x1, y0, y1;
    clip_to_screen(gif, &decoder->previous, &x0, &x1, &y0, &y1);
    if (x0 >= x1 || y0 >= y1) return;
    if (decoder->previous_disposal == DISPOSE_BACKGROUND) {
        for (int y = y0; y < y1; y++) memset(rgba + (size_t)y * bytes_per_row + (size_t)x0 * 4, 0, (size_t)(x1 - x0) * 4);
    } else if (decoder->previous_disposal == DISPOSE_PREVIOUS && decoder->saved != NULL) {
        copy_rect(rgba, bytes_per_row, decoder->saved, (size_t)gif->SWidth * 4, x0, x1, y0, y1);
    }
}

sepia_status sepia_gif_decoder_next_frame(sepia_gif_decoder *decoder, uint8_t *rgba, size_t bytes_per_row,
                                          uint64_t pixel_limit, sepia_gif_frame *frame) {
    GifFileType *gif = decoder->gif;
    memset(frame, 0, sizeof *frame);
    if (decoder->frames_read == 0) {
        clear_screen(gif, rgba, bytes_per_row);
    } else {
        dispose_previous(decoder, rgba, bytes_per_row);
    }
    decoder->transparent_index = NO_TRANSPARENT_COLOR;
    decoder->disposal = DISPOSAL_UNSPECIFIED;
    decoder->delay_centiseconds = 0;
    bool found = false;
    sepia_status status = read_to_image(decoder, &found);
    if (status != SEPIA_STATUS_OK || !found) return status;

    /* The descriptor is read by read_image; peek at its rectangle to save what it will cover. */
    const size_t at = decoder->offset;
    if (decoder->disposal == DISPOSE_PREVIOUS && at + 8 <= decoder->size) {
        const uint8_t *bytes = decoder->data + at;
        const GifImageDesc rect = {.Left = bytes[0] | bytes[1] << 8, .Top = bytes[2] | bytes[3] << 8,
                                   .Width = bytes[4] | bytes[5] << 8, .Height = bytes[6] | bytes[7] << 8};
        if (decoder->saved == NULL) decoder->saved = malloc((size_t)gif->SWidth * (size_t)gif->SHeight * 4);
        if (decoder->saved == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
        int x0, x1, y0, y1;
        clip_to_screen(gif, &rect, &x0, &x1, &y0, &y1);
        if (x0 < x1 && y0 < y1) copy_rect(decoder->saved, (size_t)gif->SWidth * 4, rgba, bytes_per_row, x0, x1, y0, y1);
    }
    status = read_image(decoder, rgba, bytes_per_row, pixel_limit);
    if (status != SEPIA_STATUS_OK) return status;
    skip_rest_of_image_data(decoder);
    decoder->previous = gif->Image;
    decoder->previous.ColorMap = NULL;
    decoder->previous_disposal = decoder->disposal;
    decoder->frames_read += 1;
    frame->decoded = true;
    frame->delay_centiseconds = (uint32_t)decoder->delay_centiseconds;
    return SEPIA_STATUS_OK;
}

/* The little-endian 16-bit number at `bytes`. */
static uint32_t uint16_at(const uint8_t *bytes) { return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8; }

void sepia_gif_scan(const void *data, size_t size, uint32_t frame_limit, sepia_gif_summary *summary) {
    const uint8_t *bytes = data;
    memset(summary, 0, sizeof *summary);
    summary->loop_count = -1;
    if (size < 13) return;
    const uint8_t screen_flags = bytes[10];
    size_t offset = 13 + (screen_flags & 0x80 ? (size_t)3 << (1 + (screen_flags & 0x07)) : 0);
    static const char netscape[] = "NETSCAPE2.0";
    while (offset < size) {
        switch (bytes[offset]) {
        case 0x21: /* an extension: its label, then data sub-blocks */
            if (offset + 2 >= size) return;
            if (bytes[offset + 1] == 0xFF && summary->loop_count < 0 && offset + 18 <= size && bytes[offset + 2] == 11 &&
                memcmp(bytes + offset + 3, netscape, 11) == 0 && bytes[offset + 14] >= 3 && bytes[offset + 15] == 1) {
                summary->loop_count = (int32_t)uint16_at(bytes + offset + 16);
            }
            offset = skip_sub_blocks(bytes, size, offset + 2);
            break;
        case 0x2C: { /* an image: its descriptor, local colour table, code size, then data sub-blocks */
            if (offset + 10 > size) {
                summary->frame_count += 1;
                return;
            }
            const uint8_t flags = bytes[offset + 9];
            summary->frame_count += 1;
            summary->frame_pixels += (uint64_t)uint16_at(bytes + offset + 5) * uint16_at(bytes + offset + 7);
            if (summary->frame_count > frame_limit) return;
            offset += 10 + (flags & 0x80 ? (size_t)3 << (1 + (flags & 0x07)) : 0) + 1;
            offset = skip_sub_blocks(bytes, size, offset);
            break;
        }
        case 0x3B:
            summary->complete = true;
            return;
        default:
            return;
        }
    }
}
