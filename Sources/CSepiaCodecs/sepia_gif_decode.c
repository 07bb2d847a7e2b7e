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
    free(decoder);
}

const sepia_diagnostics *sepia_gif_decoder_diagnostics(const sepia_gif_decoder *decoder) {
    return &decoder->diagnostics;
}

/* Reads an extension; keeps the transparent index of a graphics control extension. */
static bool read_extension(GifFileType *gif, int *transparent_index) {
    int function = 0;
    GifByteType *block = NULL;
    if (DGifGetExtension(gif, &function, &block) == GIF_ERROR) return false;
    if (function == GRAPHICS_EXT_FUNC_CODE && block != NULL) {
        GraphicsControlBlock control;
        if (DGifExtensionToGCB(block[0], block + 1, &control) == GIF_OK) *transparent_index = control.TransparentColor;
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
    if (decoder->lzw != NULL) {
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
static sepia_status read_frame(sepia_gif_decoder *decoder, int transparent_index, uint8_t *rgba, size_t bytes_per_row,
                               uint64_t pixel_limit, int lzw_code_size, size_t lzw_offset) {
    GifFileType *gif = decoder->gif;
    const GifImageDesc *frame = &gif->Image;
    if ((uint64_t)frame->Width * (uint64_t)frame->Height > pixel_limit) {
        char message[SEPIA_MESSAGE_CAPACITY];
        snprintf(message, sizeof message, "the first frame is %dx%d pixels, more than the pixel limit", frame->Width,
                 frame->Height);
        sepia_diagnostics_set_error(&decoder->diagnostics, message);
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    const ColorMapObject *colors = frame->ColorMap ? frame->ColorMap : gif->SColorMap;
    if (colors == NULL) {
        sepia_diagnostics_set_error(&decoder->diagnostics, "the first frame has no colour table, local or global");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    if (frame->Width <= 0 || frame->Height <= 0) return SEPIA_STATUS_OK;
    decoder->line = malloc((size_t)frame->Width);
    decoder->indices = malloc((size_t)frame->Width * sizeof *decoder->indices);
    if (decoder->line == NULL || decoder->indices == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    if (lzw_code_size != 0) {
        decoder->lzw = malloc(sizeof *decoder->lzw);
        if (decoder->lzw == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
        sepia_gif_lzw_start(decoder->lzw, decoder->data, decoder->size, lzw_offset, lzw_code_size);
    }
    for (int index = 0; index < frame->Height; index++) {
        const sepia_status status = read_row(decoder);
        if (status != SEPIA_STATUS_OK) return status;
        const int row = frame->Interlace ? interlaced_row(index, frame->Height) : index;
        composite_row(gif, decoder->indices, row, colors, transparent_index, rgba, bytes_per_row);
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

sepia_status sepia_gif_decoder_read_pixels(sepia_gif_decoder *decoder, uint8_t *rgba, size_t bytes_per_row,
                                           uint64_t pixel_limit) {
    GifFileType *gif = decoder->gif;
    sepia_prefer_huge_pages(rgba, (size_t)gif->SHeight * bytes_per_row);
    for (int y = 0; y < gif->SHeight; y++) memset(rgba + (size_t)y * bytes_per_row, 0, (size_t)gif->SWidth * 4);
    int transparent_index = NO_TRANSPARENT_COLOR;
    for (;;) {
        GifRecordType record;
        if (DGifGetRecordType(gif, &record) == GIF_ERROR) return fail(&decoder->diagnostics, gif->Error);
        switch (record) {
        case IMAGE_DESC_RECORD_TYPE: {
            const size_t code_size_offset = lzw_code_size_offset(decoder);
            if (DGifGetImageDesc(gif) != GIF_ERROR) {
                return read_frame(decoder, transparent_index, rgba, bytes_per_row, pixel_limit, 0, 0);
            }
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
            return read_frame(decoder, transparent_index, rgba, bytes_per_row, pixel_limit, code_size, decoder->offset);
        }
        case EXTENSION_RECORD_TYPE:
            if (!read_extension(gif, &transparent_index)) return fail(&decoder->diagnostics, gif->Error);
            break;
        case TERMINATE_RECORD_TYPE:
            sepia_diagnostics_set_error(&decoder->diagnostics, "the file ends without an image");
            return SEPIA_STATUS_LIBRARY_ERROR;
        default:
            sepia_diagnostics_set_error(&decoder->diagnostics, "the file holds a record of an unknown type");
            return SEPIA_STATUS_LIBRARY_ERROR;
        }
    }
}
