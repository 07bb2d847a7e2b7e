#include "sepia_reference_formats.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

/* ---- writing the benchmark's input ---- */

int sepia_reference_write_tiff(const char *path, const uint8_t *rgba, int width, int height, int compression) {
    TIFF *tiff = TIFFOpen(path, "w");
    if (tiff == NULL) return -1;
    TIFFSetField(tiff, TIFFTAG_IMAGEWIDTH, (uint32_t)width);
    TIFFSetField(tiff, TIFFTAG_IMAGELENGTH, (uint32_t)height);
    TIFFSetField(tiff, TIFFTAG_BITSPERSAMPLE, 8);
    TIFFSetField(tiff, TIFFTAG_SAMPLESPERPIXEL, 3);
    TIFFSetField(tiff, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_RGB);
    TIFFSetField(tiff, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
    TIFFSetField(tiff, TIFFTAG_ROWSPERSTRIP, 16);
    TIFFSetField(tiff, TIFFTAG_COMPRESSION, compression);
    if (compression == COMPRESSION_LZW || compression == COMPRESSION_ADOBE_DEFLATE) {
        TIFFSetField(tiff, TIFFTAG_PREDICTOR, PREDICTOR_HORIZONTAL);
    }
    uint8_t *row = malloc((size_t)width * 3);
    int status = row == NULL ? -1 : 0;
    for (int y = 0; y < height && status == 0; y++) {
        const uint8_t *source = rgba + (size_t)y * width * 4;
        for (int x = 0; x < width; x++) memcpy(row + x * 3, source + x * 4, 3);
        if (TIFFWriteScanline(tiff, row, (uint32_t)y, 0) < 0) status = -1;
    }
    free(row);
    TIFFClose(tiff);
    return status;
}

/* ---- reading from memory ---- */

struct memory_file {
    const uint8_t *data;
    size_t size;
    uint64_t offset;
};

static tmsize_t memory_read(thandle_t handle, void *buffer, tmsize_t length) {
    struct memory_file *file = handle;
    if (file->offset >= file->size) return 0;
    size_t count = file->size - file->offset < (size_t)length ? file->size - file->offset : (size_t)length;
    memcpy(buffer, file->data + file->offset, count);
    file->offset += count;
    return (tmsize_t)count;
}

static tmsize_t memory_write(thandle_t handle, void *buffer, tmsize_t length) {
    (void)handle;
    (void)buffer;
    (void)length;
    return -1;
}

static toff_t memory_seek(thandle_t handle, toff_t offset, int whence) {
    struct memory_file *file = handle;
    file->offset = (whence == SEEK_CUR ? file->offset : whence == SEEK_END ? file->size : 0) + offset;
    return file->offset;
}

static int memory_close(thandle_t handle) {
    (void)handle;
    return 0;
}

static toff_t memory_size(thandle_t handle) {
    return ((struct memory_file *)handle)->size;
}

static int memory_map(thandle_t handle, void **base, toff_t *size) {
    struct memory_file *file = handle;
    *base = (void *)file->data;
    *size = file->size;
    return 1;
}

static void memory_unmap(thandle_t handle, void *base, toff_t size) {
    (void)handle;
    (void)base;
    (void)size;
}

static int quiet(TIFF *tiff, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tiff;
    (void)user_data;
    (void)module;
    (void)format;
    (void)arguments;
    return 1;
}

static TIFF *open_memory(struct memory_file *file) {
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    TIFFOpenOptionsSetErrorHandlerExtR(options, quiet, NULL);
    TIFFOpenOptionsSetWarningHandlerExtR(options, quiet, NULL);
    TIFF *tiff = TIFFClientOpenExt("memory", "r", file, memory_read, memory_write, memory_seek, memory_close, memory_size,
                                   memory_map, memory_unmap, options);
    TIFFOpenOptionsFree(options);
    return tiff;
}

int sepia_reference_decode_tiff_strips(const uint8_t *data, size_t size, uint8_t *output, int *width, int *height) {
    struct memory_file file = {data, size, 0};
    TIFF *tiff = open_memory(&file);
    if (tiff == NULL) return -1;
    uint32_t image_width = 0, image_height = 0;
    TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, &image_width);
    TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, &image_height);
    *width = (int)image_width;
    *height = (int)image_height;
    if (output == NULL) {
        TIFFClose(tiff);
        return 0;
    }
    uint32_t rows_per_strip = image_height;
    TIFFGetFieldDefaulted(tiff, TIFFTAG_ROWSPERSTRIP, &rows_per_strip);
    const tmsize_t scanline = TIFFScanlineSize(tiff);
    uint8_t *strip = malloc((size_t)TIFFStripSize(tiff));
    int status = strip == NULL ? -1 : 0;
    for (uint32_t first = 0, index = 0; status == 0 && first < image_height; first += rows_per_strip, index++) {
        const uint32_t rows = image_height - first < rows_per_strip ? image_height - first : rows_per_strip;
        if (TIFFReadEncodedStrip(tiff, index, strip, scanline * (tmsize_t)rows) < 0) status = -1;
        for (uint32_t row = 0; status == 0 && row < rows; row++) {
            const uint8_t *source = strip + (size_t)row * (size_t)scanline;
            uint8_t *destination = output + (size_t)(first + row) * (size_t)image_width * 4;
            for (uint32_t x = 0; x < image_width; x++, source += 3, destination += 4) {
                destination[0] = source[0];
                destination[1] = source[1];
                destination[2] = source[2];
                destination[3] = 255;
            }
        }
    }
    free(strip);
    TIFFClose(tiff);
    return status;
}
