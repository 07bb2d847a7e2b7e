#include "sepia_reference_gif.h"

#include <stdlib.h>
#include <string.h>

#include <gif_lib.h>

typedef struct memory {
    const uint8_t *data;
    size_t size;
    size_t offset;
} memory;

static int read_memory(GifFileType *gif, GifByteType *destination, int length) {
    memory *source = gif->UserData;
    size_t count = (size_t)length;
    if (count > source->size - source->offset) count = source->size - source->offset;
    memcpy(destination, source->data + source->offset, count);
    source->offset += count;
    return (int)count;
}

int sepia_reference_decode_gif(const uint8_t *data, size_t size, uint8_t *output, int *width, int *height) {
    memory source = {data, size, 0};
    int error = 0;
    GifFileType *gif = DGifOpen(&source, read_memory, &error);
    if (gif == NULL) return -1;
    *width = gif->SWidth;
    *height = gif->SHeight;
    if (output == NULL) {
        DGifCloseFile(gif, &error);
        return 0;
    }
    if (DGifSlurp(gif) != GIF_OK || gif->ImageCount < 1) {
        DGifCloseFile(gif, &error);
        return -1;
    }
    const SavedImage *frame = &gif->SavedImages[0];
    const ColorMapObject *colors = frame->ImageDesc.ColorMap ? frame->ImageDesc.ColorMap : gif->SColorMap;
    GraphicsControlBlock control = {.TransparentColor = NO_TRANSPARENT_COLOR};
    DGifSavedExtensionToGCB(gif, 0, &control);
    memset(output, 0, (size_t)*width * (size_t)*height * 4);
    const GifImageDesc *place = &frame->ImageDesc;
    for (int y = 0; y < place->Height && place->Top + y < *height; y++) {
        const GifByteType *indices = frame->RasterBits + (size_t)y * (size_t)place->Width;
        uint8_t *row = output + ((size_t)(place->Top + y) * (size_t)*width + (size_t)place->Left) * 4;
        for (int x = 0; x < place->Width && place->Left + x < *width; x++) {
            const int index = indices[x];
            if (index == control.TransparentColor || colors == NULL || index >= colors->ColorCount) continue;
            row[x * 4] = colors->Colors[index].Red;
            row[x * 4 + 1] = colors->Colors[index].Green;
            row[x * 4 + 2] = colors->Colors[index].Blue;
            row[x * 4 + 3] = 255;
        }
    }
    DGifCloseFile(gif, &error);
    return 0;
}

typedef struct growing {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
} growing;

static int write_memory(GifFileType *gif, const GifByteType *bytes, int length) {
    growing *sink = gif->UserData;
    if (sink->length + (size_t)length > sink->capacity) {
        size_t capacity = sink->capacity ? sink->capacity * 2 : 65536;
        while (capacity < sink->length + (size_t)length) capacity *= 2;
        uint8_t *grown = realloc(sink->bytes, capacity);
        if (grown == NULL) return 0;
        sink->bytes = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->bytes + sink->length, bytes, (size_t)length);
    sink->length += (size_t)length;
    return length;
}

/* Index of the nearest colour: a cube entry (levels 0, 51, ... 255) or one of the greys. */
static GifPixelType nearest(const uint8_t *pixel) {
    const int r = (pixel[0] + 25) / 51, g = (pixel[1] + 25) / 51, b = (pixel[2] + 25) / 51;
    return (GifPixelType)(r * 36 + g * 6 + b);
}

size_t sepia_reference_encode_gif(const uint8_t *rgba, int width, int height, uint8_t **output) {
    *output = NULL;
    GifColorType palette[256];
    for (int index = 0; index < 216; index++) {
        palette[index] = (GifColorType){(GifByteType)(index / 36 * 51), (GifByteType)(index / 6 % 6 * 51),
                                        (GifByteType)(index % 6 * 51)};
    }
    for (int index = 216; index < 256; index++) {
        const GifByteType level = (GifByteType)((index - 216) * 255 / 39);
        palette[index] = (GifColorType){level, level, level};
    }
    ColorMapObject *colors = GifMakeMapObject(256, palette);
    growing sink = {0};
    int error = 0;
    GifFileType *gif = EGifOpen(&sink, write_memory, &error);
    GifPixelType *line = malloc((size_t)width);
    bool ok = colors && gif && line && EGifPutScreenDesc(gif, width, height, 8, 0, colors) == GIF_OK &&
              EGifPutImageDesc(gif, 0, 0, width, height, false, NULL) == GIF_OK;
    for (int y = 0; ok && y < height; y++) {
        for (int x = 0; x < width; x++) line[x] = nearest(rgba + ((size_t)y * (size_t)width + (size_t)x) * 4);
        ok = EGifPutLine(gif, line, width) == GIF_OK;
    }
    if (gif) ok = EGifCloseFile(gif, &error) == GIF_OK && ok;
    free(line);
    GifFreeMapObject(colors);
    if (!ok) {
        free(sink.bytes);
        return 0;
    }
    *output = sink.bytes;
    return sink.length;
}
