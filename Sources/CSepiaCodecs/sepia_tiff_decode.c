#include "sepia_tiff.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tiffio.h>

#include "sepia_diagnostics_internal.h"
#include "sepia_tiff_library.h"
#include "sepia_tiff_rgba_interface.h"

/*
 * Decoded strips larger than this are read a scanline at a time (TIFFReadScanline), so that a
 * page stored as one huge strip (10000 x 10000 in a single LZW or Deflate strip) costs one row of
 * scratch memory next to the RGBA image, not its whole decompressed strip.
 */
#define SEPIA_TIFF_WHOLE_STRIP_LIMIT ((uint64_t)4 << 20)

/* How read_pixels reads the first page. */
typedef enum read_method {
    /* Uncompressed strips converted where they lie in the caller's bytes (strips_readable_in_place). */
    READ_IN_PLACE,
    /* Strips decoded whole by libtiff into a scratch buffer of one strip. */
    READ_STRIPS,
    /* Strips over SEPIA_TIFF_WHOLE_STRIP_LIMIT, decoded a row at a time into one scanline. */
    READ_SCANLINES,
    /* Tiles decoded by libtiff into a scratch buffer of one tile. */
    READ_TILES,
    /* Layouts the shim does not convert itself, through libtiff's RGBA interface. */
    READ_RGBA_INTERFACE,
} read_method;

struct sepia_tiff_decoder {
    TIFF *tiff;
    bool has_library; /* false when libtiff could not be loaded (the diagnostics say why) */
    sepia_diagnostics diagnostics;
    const uint8_t *data;
    size_t size;
    uint64_t offset; /* read position of libtiff's read and seek callbacks */
    sepia_tiff_header header;
    uint16_t color_samples;     /* samples before the extra samples: 1, 3 or 4 */
    bool min_is_white;
    bool associated_alpha;
    bool keeps_cmyk;            /* read_pixels hands CMYK out as stored (scaled to 8 bits) */
    uint8_t palette[256][3];    /* the ColorMap, scaled to 8 bits */
    read_method method;
};

/* ---- libtiff's I/O callbacks over the caller's buffer ---- */

static tmsize_t read_from_memory(thandle_t handle, void *destination, tmsize_t length) {
    sepia_tiff_decoder *decoder = handle;
    if (length < 0 || decoder->offset >= decoder->size) return 0;
    size_t available = decoder->size - (size_t)decoder->offset;
    size_t count = (size_t)length < available ? (size_t)length : available;
    memcpy(destination, decoder->data + decoder->offset, count);
    decoder->offset += count;
    return (tmsize_t)count;
}

static tmsize_t refuse_write(thandle_t handle, void *source, tmsize_t length) {
    (void)handle;
    (void)source;
    (void)length;
    return -1;
}

static toff_t seek_in_memory(thandle_t handle, toff_t offset, int whence) {
    sepia_tiff_decoder *decoder = handle;
    uint64_t base = whence == SEEK_CUR ? decoder->offset : whence == SEEK_END ? decoder->size : 0;
    decoder->offset = base + offset;
    return decoder->offset;
}

static int close_memory(thandle_t handle) {
    (void)handle;
    return 0;
}

static toff_t memory_size(thandle_t handle) {
    return ((sepia_tiff_decoder *)handle)->size;
}

/* libtiff reads strips straight from the caller's bytes; it never writes to a read-only map. */
static int map_memory(thandle_t handle, void **base, toff_t *size) {
    sepia_tiff_decoder *decoder = handle;
    *base = (void *)decoder->data;
    *size = decoder->size;
    return 1;
}

static void unmap_memory(thandle_t handle, void *base, toff_t size) {
    (void)handle;
    (void)base;
    (void)size;
}

/* ---- libtiff's per-handle error and warning handlers ---- */

static int record_error(TIFF *tiff, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tiff;
    (void)module;
    sepia_tiff_decoder *decoder = user_data;
    if (decoder->diagnostics.error[0] != '\0') return 1; /* the first error is the cause */
    char message[SEPIA_MESSAGE_CAPACITY];
    vsnprintf(message, sizeof message, format, arguments);
    sepia_diagnostics_set_error(&decoder->diagnostics, message);
    return 1;
}

static int record_warning(TIFF *tiff, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tiff;
    (void)module;
    sepia_tiff_decoder *decoder = user_data;
    char message[SEPIA_MESSAGE_CAPACITY];
    vsnprintf(message, sizeof message, format, arguments);
    sepia_diagnostics_add_warning(&decoder->diagnostics, message);
    return 1;
}

/* ---- lifetime ---- */

sepia_tiff_decoder *sepia_tiff_decoder_create(void) {
    sepia_tiff_decoder *decoder = calloc(1, sizeof(sepia_tiff_decoder));
    if (decoder != NULL) decoder->has_library = sepia_tiff_library_start(&decoder->diagnostics);
    return decoder;
}

void sepia_tiff_decoder_destroy(sepia_tiff_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->tiff != NULL) libtiff.TIFFClose(decoder->tiff);
    free(decoder);
}

const sepia_diagnostics *sepia_tiff_decoder_diagnostics(const sepia_tiff_decoder *decoder) {
    return &decoder->diagnostics;
}

/* ---- header ---- */

static sepia_status fail(sepia_tiff_decoder *decoder, sepia_status status, const char *message) {
    sepia_diagnostics_set_error(&decoder->diagnostics, message);
    return status;
}

/* The library's error when it set one, else `message`, as SEPIA_STATUS_LIBRARY_ERROR. */
static sepia_status library_error(sepia_tiff_decoder *decoder, const char *message) {
    if (decoder->diagnostics.error[0] == '\0') sepia_diagnostics_set_error(&decoder->diagnostics, message);
    return SEPIA_STATUS_LIBRARY_ERROR;
}

/* Sets has_alpha and associated_alpha from the first extra sample. */
static void read_extra_samples(sepia_tiff_decoder *decoder, uint16_t color_samples) {
    uint16_t extra_count = 0;
    uint16_t *extra_types = NULL;
    if (decoder->header.samples_per_pixel > color_samples &&
        libtiff.TIFFGetField(decoder->tiff, TIFFTAG_EXTRASAMPLES, &extra_count, &extra_types) && extra_count > 0) {
        decoder->header.has_alpha = extra_types[0] == EXTRASAMPLE_ASSOCALPHA || extra_types[0] == EXTRASAMPLE_UNASSALPHA;
        decoder->associated_alpha = extra_types[0] == EXTRASAMPLE_ASSOCALPHA;
    }
}

/*
 * Finds the colour model of a layout the shim converts itself: contiguous samples of 1, 2, 4, 8
 * or 16 unsigned bits, grey, palette (up to 8 bits), RGB and CMYK (8 or 16 bits), YCbCr in
 * new-style JPEG. False for anything else.
 */
static bool read_own_layout(sepia_tiff_decoder *decoder, uint16_t photometric, uint16_t compression, uint16_t planar,
                            uint16_t sample_format) {
    TIFF *tiff = decoder->tiff;
    sepia_tiff_header *header = &decoder->header;
    const uint16_t bits = header->bits_per_sample;
    if (planar != PLANARCONFIG_CONTIG || (sample_format != SAMPLEFORMAT_UINT && sample_format != SAMPLEFORMAT_VOID)) return false;
    if (bits != 1 && bits != 2 && bits != 4 && bits != 8 && bits != 16) return false;
    switch (photometric) {
    case PHOTOMETRIC_MINISWHITE:
    case PHOTOMETRIC_MINISBLACK:
        header->color_model = SEPIA_TIFF_COLOR_GREY;
        decoder->color_samples = 1;
        decoder->min_is_white = photometric == PHOTOMETRIC_MINISWHITE;
        return true;
    case PHOTOMETRIC_PALETTE:
        header->color_model = SEPIA_TIFF_COLOR_PALETTE;
        decoder->color_samples = 1;
        return bits <= 8;
    case PHOTOMETRIC_YCBCR:
        if (compression != COMPRESSION_JPEG || bits < 8) return false;
        /* libjpeg upsamples and converts to RGB inside libtiff's JPEG codec. */
        libtiff.TIFFSetField(tiff, TIFFTAG_JPEGCOLORMODE, JPEGCOLORMODE_RGB);
        /* fall through */
    case PHOTOMETRIC_RGB:
        header->color_model = SEPIA_TIFF_COLOR_RGB;
        decoder->color_samples = 3;
        return bits >= 8;
    case PHOTOMETRIC_SEPARATED: {
        uint16_t ink_set = INKSET_CMYK;
        libtiff.TIFFGetFieldDefaulted(tiff, TIFFTAG_INKSET, &ink_set);
        header->color_model = SEPIA_TIFF_COLOR_CMYK;
        decoder->color_samples = 4;
        return ink_set == INKSET_CMYK && bits >= 8;
    }
    default:
        return false;
    }
}

/*
 * Finds the colour model and sample layout, and whether libtiff's RGBA interface must convert
 * it; SEPIA_STATUS_UNSUPPORTED, with libtiff's reason, for what neither converts.
 */
static sepia_status read_layout(sepia_tiff_decoder *decoder) {
    TIFF *tiff = decoder->tiff;
    sepia_tiff_header *header = &decoder->header;
    uint16_t bits = 1, samples = 1, planar = PLANARCONFIG_CONTIG, sample_format = SAMPLEFORMAT_UINT;
    uint16_t compression = COMPRESSION_NONE, photometric;
    libtiff.TIFFGetFieldDefaulted(tiff, TIFFTAG_BITSPERSAMPLE, &bits);
    libtiff.TIFFGetFieldDefaulted(tiff, TIFFTAG_SAMPLESPERPIXEL, &samples);
    libtiff.TIFFGetFieldDefaulted(tiff, TIFFTAG_PLANARCONFIG, &planar);
    libtiff.TIFFGetFieldDefaulted(tiff, TIFFTAG_SAMPLEFORMAT, &sample_format);
    libtiff.TIFFGetFieldDefaulted(tiff, TIFFTAG_COMPRESSION, &compression);
    if (!libtiff.TIFFGetField(tiff, TIFFTAG_PHOTOMETRIC, &photometric)) {
        photometric = samples >= 3 ? PHOTOMETRIC_RGB : PHOTOMETRIC_MINISBLACK; /* as libtiff guesses */
    }
    if (!libtiff.TIFFIsCODECConfigured(compression)) {
        return fail(decoder, SEPIA_STATUS_UNSUPPORTED, "the TIFF compression scheme is not supported by libtiff here");
    }
    header->bits_per_sample = bits;
    header->samples_per_pixel = samples;
    if (read_own_layout(decoder, photometric, compression, planar, sample_format)) {
        if (samples < decoder->color_samples) {
            return fail(decoder, SEPIA_STATUS_LIBRARY_ERROR, "TIFF has too few samples per pixel for its colours");
        }
        read_extra_samples(decoder, decoder->color_samples);
        return SEPIA_STATUS_OK;
    }

    if (!sepia_tiff_rgba_interface_accepts(tiff, &decoder->diagnostics)) return SEPIA_STATUS_UNSUPPORTED;
    decoder->method = READ_RGBA_INTERFACE;
    decoder->min_is_white = false;
    switch (photometric) {
    case PHOTOMETRIC_MINISWHITE:
    case PHOTOMETRIC_MINISBLACK: header->color_model = SEPIA_TIFF_COLOR_GREY; decoder->color_samples = 1; break;
    case PHOTOMETRIC_PALETTE: header->color_model = SEPIA_TIFF_COLOR_PALETTE; decoder->color_samples = 1; break;
    case PHOTOMETRIC_SEPARATED: header->color_model = SEPIA_TIFF_COLOR_CMYK; decoder->color_samples = 4; break;
    case PHOTOMETRIC_CIELAB:
    case PHOTOMETRIC_ICCLAB:
    case PHOTOMETRIC_ITULAB: header->color_model = SEPIA_TIFF_COLOR_LAB; decoder->color_samples = 3; break;
    default: header->color_model = SEPIA_TIFF_COLOR_RGB; decoder->color_samples = 3; break;
    }
    read_extra_samples(decoder, decoder->color_samples);
    return SEPIA_STATUS_OK;
}

/* Scales the ColorMap to 8 bits, reading 8-bit maps (every entry below 256) as they are. */
static sepia_status read_palette(sepia_tiff_decoder *decoder) {
    uint16_t *red, *green, *blue;
    if (!libtiff.TIFFGetField(decoder->tiff, TIFFTAG_COLORMAP, &red, &green, &blue)) {
        return library_error(decoder, "palette TIFF without a ColorMap");
    }
    const int entries = 1 << decoder->header.bits_per_sample;
    bool eight_bit = true;
    for (int index = 0; index < entries; index++) {
        if (red[index] > 255 || green[index] > 255 || blue[index] > 255) eight_bit = false;
    }
    for (int index = 0; index < entries; index++) {
        const uint16_t *channels[3] = {red, green, blue};
        for (int channel = 0; channel < 3; channel++) {
            uint32_t value = channels[channel][index];
            decoder->palette[index][channel] = (uint8_t)(eight_bit ? value : (value * 255 + 32767) / 65535);
        }
    }
    return SEPIA_STATUS_OK;
}

/* Reads an unsigned integer of `length` bytes at `offset` in the file's byte order. */
static uint64_t read_unsigned(const uint8_t *data, size_t offset, int length, bool big_endian) {
    uint64_t value = 0;
    for (int index = 0; index < length; index++) {
        const int byte = big_endian ? index : length - 1 - index;
        value = value << 8 | data[offset + (size_t)byte];
    }
    return value;
}

/*
 * True when the first IFD (TIFF 6.0 section 2; BigTIFF's 8-byte layout too) starts or ends past
 * the end of the data: a cut-off file whose writer put the IFD after the pixels, as most do.
 */
static bool first_directory_ends_early(const uint8_t *data, size_t size) {
    if (size < 8 || data[0] != data[1] || (data[0] != 'I' && data[0] != 'M')) return false;
    const bool big_endian = data[0] == 'M';
    const bool big_tiff = read_unsigned(data, 2, 2, big_endian) == 43;
    const size_t header_size = big_tiff ? 16 : 8;
    if (size < header_size) return true;
    const uint64_t offset = big_tiff ? read_unsigned(data, 8, 8, big_endian) : read_unsigned(data, 4, 4, big_endian);
    const int count_size = big_tiff ? 8 : 2;
    if (offset > size - (size_t)count_size) return true;
    const uint64_t entries = read_unsigned(data, (size_t)offset, count_size, big_endian);
    const uint64_t entry_size = big_tiff ? 20 : 12;
    return entries > (size - offset - (uint64_t)count_size) / entry_size;
}

/* Checks that every strip or tile lies inside the data before anything is decoded. */
static sepia_status check_striles(sepia_tiff_decoder *decoder) {
    TIFF *tiff = decoder->tiff;
    const bool tiled = libtiff.TIFFIsTiled(tiff);
    const uint32_t count = tiled ? libtiff.TIFFNumberOfTiles(tiff) : libtiff.TIFFNumberOfStrips(tiff);
    if (count == 0) return library_error(decoder, "TIFF has no strips or tiles");
    uint16_t compression = COMPRESSION_NONE;
    libtiff.TIFFGetFieldDefaulted(tiff, TIFFTAG_COMPRESSION, &compression);
    uint32_t rows_per_strip = decoder->header.height;
    libtiff.TIFFGetFieldDefaulted(tiff, TIFFTAG_ROWSPERSTRIP, &rows_per_strip);
    if (rows_per_strip == 0 || rows_per_strip > decoder->header.height) rows_per_strip = decoder->header.height;
    const uint64_t scanline = libtiff.TIFFScanlineSize64(tiff);
    /* With separate planes each plane has its own strips, one after the other. */
    const uint32_t strips_per_plane = (uint32_t)(((uint64_t)decoder->header.height + rows_per_strip - 1) / rows_per_strip);

    for (uint32_t strile = 0; strile < count; strile++) {
        int failed = 0;
        const uint64_t offset = libtiff.TIFFGetStrileOffsetWithErr(tiff, strile, &failed);
        const uint64_t length = failed ? 0 : libtiff.TIFFGetStrileByteCountWithErr(tiff, strile, &failed);
        if (failed) return library_error(decoder, "TIFF strip or tile table is unreadable");
        if (offset > decoder->size || length > decoder->size - offset) {
            decoder->diagnostics.data_ended_early = true;
            return fail(decoder, SEPIA_STATUS_TRUNCATED, "a TIFF strip or tile lies beyond the end of the data");
        }
        if (compression == COMPRESSION_NONE && !tiled) {
            const uint64_t first_row = (uint64_t)(strile % strips_per_plane) * rows_per_strip;
            const uint64_t rows = decoder->header.height - first_row < rows_per_strip ? decoder->header.height - first_row
                                                                                      : rows_per_strip;
            if (length < rows * scanline) {
                decoder->diagnostics.data_ended_early = true;
                return fail(decoder, SEPIA_STATUS_TRUNCATED, "an uncompressed TIFF strip is shorter than its rows");
            }
        }
    }
    return SEPIA_STATUS_OK;
}

static bool strips_readable_in_place(const sepia_tiff_decoder *decoder);

/* Chooses how read_pixels reads the page and sets header.working_bytes accordingly. */
static void choose_read_method(sepia_tiff_decoder *decoder) {
    TIFF *tiff = decoder->tiff;
    uint64_t working_bytes = 0;
    if (decoder->method == READ_RGBA_INTERFACE) {
        working_bytes = sepia_tiff_rgba_interface_working_bytes(tiff);
    } else if (libtiff.TIFFIsTiled(tiff)) {
        decoder->method = READ_TILES;
        working_bytes = libtiff.TIFFTileSize64(tiff);
    } else if (strips_readable_in_place(decoder)) {
        decoder->method = READ_IN_PLACE;
    } else if (libtiff.TIFFStripSize64(tiff) > SEPIA_TIFF_WHOLE_STRIP_LIMIT) {
        decoder->method = READ_SCANLINES;
        working_bytes = libtiff.TIFFScanlineSize64(tiff);
    } else {
        decoder->method = READ_STRIPS;
        working_bytes = libtiff.TIFFStripSize64(tiff);
    }
    decoder->header.working_bytes = working_bytes;
}

sepia_status sepia_tiff_decoder_read_header(sepia_tiff_decoder *decoder, const void *data, size_t size,
                                            uint64_t allocation_limit, sepia_tiff_header *header) {
    if (!decoder->has_library) return SEPIA_STATUS_UNSUPPORTED;
    decoder->data = data;
    decoder->size = size;
    decoder->offset = 0;
    TIFFOpenOptions *options = libtiff.TIFFOpenOptionsAlloc();
    if (options == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    libtiff.TIFFOpenOptionsSetErrorHandlerExtR(options, record_error, decoder);
    libtiff.TIFFOpenOptionsSetWarningHandlerExtR(options, record_warning, decoder);
    if (allocation_limit > 0 && allocation_limit < (uint64_t)INT64_MAX) {
        libtiff.TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)allocation_limit);
    }
    decoder->tiff = libtiff.TIFFClientOpenExt("memory", "r", decoder, read_from_memory, refuse_write, seek_in_memory,
                                      close_memory, memory_size, map_memory, unmap_memory, options);
    libtiff.TIFFOpenOptionsFree(options);
    if (decoder->tiff == NULL) {
        if (!first_directory_ends_early(data, size)) return library_error(decoder, "libtiff could not read the TIFF header");
        decoder->diagnostics.data_ended_early = true;
        return SEPIA_STATUS_TRUNCATED;
    }

    TIFF *tiff = decoder->tiff;
    sepia_tiff_header *found = &decoder->header;
    if (!libtiff.TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, &found->width) ||
        !libtiff.TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, &found->height) ||
        found->width == 0 || found->height == 0) {
        return library_error(decoder, "TIFF has no image size");
    }
    found->orientation = ORIENTATION_TOPLEFT;
    libtiff.TIFFGetFieldDefaulted(tiff, TIFFTAG_ORIENTATION, &found->orientation);
    uint32_t profile_length = 0;
    void *profile = NULL;
    if (libtiff.TIFFGetField(tiff, TIFFTAG_ICCPROFILE, &profile_length, &profile) && profile != NULL && profile_length > 0) {
        found->icc_profile = profile;
        found->icc_profile_length = profile_length;
    }
    sepia_status status = read_layout(decoder);
    if (status == SEPIA_STATUS_OK && found->color_model == SEPIA_TIFF_COLOR_PALETTE && decoder->method != READ_RGBA_INTERFACE) {
        status = read_palette(decoder);
    }
    if (status == SEPIA_STATUS_OK) choose_read_method(decoder);
    *header = *found;
    return status;
}

sepia_status sepia_tiff_decoder_check_data(sepia_tiff_decoder *decoder) {
    return check_striles(decoder);
}

/* ---- pixels ---- */

/* Sample `index` of a row of `bits`-bit samples (MSB first, as TIFF FillOrder 1 after libtiff). */
static inline uint32_t sample_at(const uint8_t *row, size_t index, int bits) {
    switch (bits) {
    case 16: return ((const uint16_t *)row)[index];
    case 8: return row[index];
    default: {
        const size_t bit = index * (size_t)bits;
        const int shift = 8 - bits - (int)(bit & 7);
        return (row[bit >> 3] >> shift) & ((1u << bits) - 1);
    }
    }
}

/* `value` of `bits` bits as 8 bits, rounded. */
static inline uint8_t to_8_bits(uint32_t value, int bits) {
    if (bits == 8) return (uint8_t)value;
    const uint32_t maximum = (1u << bits) - 1;
    return (uint8_t)((value * 255 + maximum / 2) / maximum);
}

/* x * y / 255, rounded, for 8-bit x and y. */
static inline uint8_t multiply_255(uint32_t x, uint32_t y) {
    uint32_t product = x * y + 128;
    return (uint8_t)((product + (product >> 8)) >> 8);
}

/* Straight alpha from associated (premultiplied) colour. */
static inline void divide_alpha(uint8_t *pixel) {
    const uint32_t alpha = pixel[3];
    if (alpha == 255) return;
    for (int channel = 0; channel < 3; channel++) {
        uint32_t value = alpha == 0 ? 0 : (pixel[channel] * 255u + alpha / 2) / alpha;
        pixel[channel] = (uint8_t)(value > 255 ? 255 : value);
    }
}

/* `count` 8-bit RGB pixels as opaque RGBA. */
static inline __attribute__((always_inline)) void expand_rgb_loop(const uint8_t *source, uint32_t count, uint8_t *rgba) {
    for (uint32_t x = 0; x < count; x++, source += 3, rgba += 4) {
        rgba[0] = source[0];
        rgba[1] = source[1];
        rgba[2] = source[2];
        rgba[3] = 255;
    }
}

/*
 * The shim is built for baseline x86-64 (SSE2), where the 3-to-4-byte shuffle of expand_rgb_loop
 * stays a byte loop (2.1 ms for 1600x1200, four times the loop built for the CPU); compiled for
 * AVX2 it runs as fast as the C reference's `-march=native` build. The choice is made at the call
 * with __builtin_cpu_supports, not with target_clones: an ifunc resolver runs while the program is
 * being relocated, before the thread sanitizer's runtime is up, and the sanitized test binary
 * crashed at start.
 */
#if defined(__x86_64__)
__attribute__((target("avx2"))) static void expand_rgb_avx2(const uint8_t *source, uint32_t count, uint8_t *rgba) {
    expand_rgb_loop(source, count, rgba);
}
#endif

static void expand_rgb(const uint8_t *source, uint32_t count, uint8_t *rgba) {
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) {
        expand_rgb_avx2(source, count, rgba);
        return;
    }
#endif
    expand_rgb_loop(source, count, rgba);
}

/* 8-bit RGB and RGBA (unassociated alpha) rows, the common photo layouts. */
static bool convert_fast(const sepia_tiff_decoder *decoder, const uint8_t *source, uint32_t count, uint8_t *rgba) {
    const sepia_tiff_header *header = &decoder->header;
    if (header->bits_per_sample != 8 || header->color_model != SEPIA_TIFF_COLOR_RGB || decoder->associated_alpha) return false;
    if (header->samples_per_pixel == 3) {
        expand_rgb(source, count, rgba);
        return true;
    }
    if (header->samples_per_pixel == 4 && header->has_alpha) {
        memcpy(rgba, source, (size_t)count * 4);
        return true;
    }
    return false;
}

/* Converts `count` pixels of one stored row to RGBA. */
static void convert_row(const sepia_tiff_decoder *decoder, const uint8_t *source, uint32_t count, uint8_t *rgba) {
    if (convert_fast(decoder, source, count, rgba)) return;
    const sepia_tiff_header *header = &decoder->header;
    const int bits = header->bits_per_sample;
    const size_t samples = header->samples_per_pixel;
    const uint32_t maximum = (1u << bits) - 1;
    for (uint32_t x = 0; x < count; x++, rgba += 4) {
        const size_t first = x * samples;
        switch (header->color_model) {
        case SEPIA_TIFF_COLOR_GREY: {
            uint32_t grey = sample_at(source, first, bits);
            if (decoder->min_is_white) grey = maximum - grey;
            rgba[0] = rgba[1] = rgba[2] = to_8_bits(grey, bits);
            break;
        }
        case SEPIA_TIFF_COLOR_PALETTE: {
            const uint8_t *entry = decoder->palette[sample_at(source, first, bits)];
            rgba[0] = entry[0];
            rgba[1] = entry[1];
            rgba[2] = entry[2];
            break;
        }
        case SEPIA_TIFF_COLOR_RGB:
            for (int channel = 0; channel < 3; channel++) rgba[channel] = to_8_bits(sample_at(source, first + channel, bits), bits);
            break;
        case SEPIA_TIFF_COLOR_CMYK: {
            if (decoder->keeps_cmyk) {
                for (int ink = 0; ink < 4; ink++) rgba[ink] = to_8_bits(sample_at(source, first + ink, bits), bits);
                continue; /* no alpha: the caller's profile transform makes it 255 */
            }
            const uint32_t white = 255 - to_8_bits(sample_at(source, first + 3, bits), bits);
            for (int channel = 0; channel < 3; channel++) {
                rgba[channel] = multiply_255(255 - to_8_bits(sample_at(source, first + channel, bits), bits), white);
            }
            break;
        }
        case SEPIA_TIFF_COLOR_LAB: /* read through libtiff's RGBA interface, never here */
            break;
        }
        rgba[3] = header->has_alpha ? to_8_bits(sample_at(source, first + decoder->color_samples, bits), bits) : 255;
        if (decoder->associated_alpha) divide_alpha(rgba);
    }
}

/*
 * Whether the strips can be read where they lie in the caller's bytes: uncompressed, with samples
 * of at most 8 bits (16-bit ones may need their bytes swapped) in TIFF's usual bit order
 * (FillOrder 2 has its bits reversed by libtiff). TIFFReadEncodedStrip would copy every such strip
 * into the scratch buffer first: a pass over the whole image, a third of the decode's time.
 */
static bool strips_readable_in_place(const sepia_tiff_decoder *decoder) {
    uint16_t compression = COMPRESSION_NONE, fill_order = FILLORDER_MSB2LSB;
    libtiff.TIFFGetFieldDefaulted(decoder->tiff, TIFFTAG_COMPRESSION, &compression);
    libtiff.TIFFGetFieldDefaulted(decoder->tiff, TIFFTAG_FILLORDER, &fill_order);
    return !libtiff.TIFFIsTiled(decoder->tiff) && compression == COMPRESSION_NONE && fill_order == FILLORDER_MSB2LSB &&
           decoder->header.bits_per_sample <= 8;
}

/*
 * Finds the first `length` bytes of strip `strip`: in place in the data when `scratch` is NULL
 * (see strips_readable_in_place), else decoded by libtiff into `scratch`.
 */
static sepia_status strip_bytes(sepia_tiff_decoder *decoder, uint32_t strip, tmsize_t length, uint8_t *scratch,
                                const uint8_t **bytes) {
    if (scratch != NULL) {
        if (libtiff.TIFFReadEncodedStrip(decoder->tiff, strip, scratch, length) < length) {
            return library_error(decoder, "a TIFF strip could not be decoded");
        }
        *bytes = scratch;
        return SEPIA_STATUS_OK;
    }
    int failed = 0;
    const uint64_t offset = libtiff.TIFFGetStrileOffsetWithErr(decoder->tiff, strip, &failed);
    /* check_data has refused strips beyond the data; this keeps the read safe without it. */
    if (failed || offset > decoder->size || (uint64_t)length > decoder->size - offset) {
        decoder->diagnostics.data_ended_early = true;
        return fail(decoder, SEPIA_STATUS_TRUNCATED, "a TIFF strip lies beyond the end of the data");
    }
    *bytes = decoder->data + offset;
    return SEPIA_STATUS_OK;
}

static sepia_status read_strips(sepia_tiff_decoder *decoder, uint8_t *scratch, uint8_t *rgba, size_t bytes_per_row) {
    TIFF *tiff = decoder->tiff;
    const uint32_t width = decoder->header.width, height = decoder->header.height;
    uint32_t rows_per_strip = height;
    libtiff.TIFFGetFieldDefaulted(tiff, TIFFTAG_ROWSPERSTRIP, &rows_per_strip);
    if (rows_per_strip == 0 || rows_per_strip > height) rows_per_strip = height;
    const tmsize_t scanline = libtiff.TIFFScanlineSize(tiff);
    for (uint32_t first_row = 0, strip = 0; first_row < height; first_row += rows_per_strip, strip++) {
        const uint32_t rows = height - first_row < rows_per_strip ? height - first_row : rows_per_strip;
        const uint8_t *source = NULL;
        const sepia_status status = strip_bytes(decoder, strip, scanline * (tmsize_t)rows, scratch, &source);
        if (status != SEPIA_STATUS_OK) return status;
        for (uint32_t row = 0; row < rows; row++) {
            convert_row(decoder, source + (size_t)row * (size_t)scanline, width, rgba + (size_t)(first_row + row) * bytes_per_row);
        }
    }
    return SEPIA_STATUS_OK;
}

/* Decodes the page a row at a time into `scanline`, a buffer of one row (strips only). */
static sepia_status read_scanlines(sepia_tiff_decoder *decoder, uint8_t *scanline, uint8_t *rgba, size_t bytes_per_row) {
    const uint32_t width = decoder->header.width, height = decoder->header.height;
    for (uint32_t row = 0; row < height; row++) {
        if (libtiff.TIFFReadScanline(decoder->tiff, scanline, row, 0) < 0) {
            return library_error(decoder, "a TIFF scanline could not be decoded");
        }
        convert_row(decoder, scanline, width, rgba + (size_t)row * bytes_per_row);
    }
    return SEPIA_STATUS_OK;
}

/* Converts the page through libtiff's RGBA interface, then makes its associated alpha straight. */
static sepia_status read_through_rgba_interface(sepia_tiff_decoder *decoder, uint8_t *rgba, size_t bytes_per_row) {
    const uint32_t width = decoder->header.width, height = decoder->header.height;
    if (bytes_per_row != (size_t)width * 4) return fail(decoder, SEPIA_STATUS_LIBRARY_ERROR, "TIFF rows must be packed for libtiff's RGBA interface");
    bool premultiplied = false;
    const sepia_status status = sepia_tiff_rgba_interface_read(decoder->tiff, width, height, rgba, &premultiplied, &decoder->diagnostics);
    if (status != SEPIA_STATUS_OK || !premultiplied) return status;
    uint8_t *const end = rgba + (size_t)height * bytes_per_row;
    for (uint8_t *pixel = rgba; pixel < end; pixel += 4) divide_alpha(pixel);
    return SEPIA_STATUS_OK;
}

static sepia_status read_tiles(sepia_tiff_decoder *decoder, uint8_t *scratch, uint8_t *rgba, size_t bytes_per_row) {
    TIFF *tiff = decoder->tiff;
    const uint32_t width = decoder->header.width, height = decoder->header.height;
    uint32_t tile_width = 0, tile_height = 0;
    libtiff.TIFFGetField(tiff, TIFFTAG_TILEWIDTH, &tile_width);
    libtiff.TIFFGetField(tiff, TIFFTAG_TILELENGTH, &tile_height);
    if (tile_width == 0 || tile_height == 0) return library_error(decoder, "TIFF tiles have no size");
    const tmsize_t tile_size = libtiff.TIFFTileSize(tiff);
    const tmsize_t tile_row = libtiff.TIFFTileRowSize(tiff);
    for (uint32_t y = 0; y < height; y += tile_height) {
        const uint32_t rows = height - y < tile_height ? height - y : tile_height;
        for (uint32_t x = 0; x < width; x += tile_width) {
            const uint32_t columns = width - x < tile_width ? width - x : tile_width;
            if (libtiff.TIFFReadEncodedTile(tiff, libtiff.TIFFComputeTile(tiff, x, y, 0, 0), scratch, tile_size) < tile_size) {
                return library_error(decoder, "a TIFF tile could not be decoded");
            }
            for (uint32_t row = 0; row < rows; row++) {
                convert_row(decoder, scratch + (size_t)row * (size_t)tile_row, columns,
                            rgba + (size_t)(y + row) * bytes_per_row + (size_t)x * 4);
            }
        }
    }
    return SEPIA_STATUS_OK;
}

bool sepia_tiff_decoder_keep_cmyk(sepia_tiff_decoder *decoder) {
    decoder->keeps_cmyk = decoder->header.color_model == SEPIA_TIFF_COLOR_CMYK && !decoder->header.has_alpha &&
                          decoder->method != READ_RGBA_INTERFACE;
    return decoder->keeps_cmyk;
}

sepia_status sepia_tiff_decoder_read_pixels(sepia_tiff_decoder *decoder, uint8_t *rgba, size_t bytes_per_row) {
    TIFF *tiff = decoder->tiff;
    uint64_t scratch_size = 0;
    switch (decoder->method) {
    case READ_IN_PLACE: return read_strips(decoder, NULL, rgba, bytes_per_row);
    case READ_RGBA_INTERFACE: return read_through_rgba_interface(decoder, rgba, bytes_per_row);
    case READ_SCANLINES: scratch_size = libtiff.TIFFScanlineSize64(tiff); break;
    case READ_STRIPS: scratch_size = libtiff.TIFFStripSize64(tiff); break;
    case READ_TILES: scratch_size = libtiff.TIFFTileSize64(tiff); break;
    }
    if (scratch_size == 0 || scratch_size > SIZE_MAX) return library_error(decoder, "TIFF strip or tile size is invalid");
    uint8_t *scratch = malloc((size_t)scratch_size);
    if (scratch == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    sepia_status status;
    switch (decoder->method) {
    case READ_SCANLINES: status = read_scanlines(decoder, scratch, rgba, bytes_per_row); break;
    case READ_TILES: status = read_tiles(decoder, scratch, rgba, bytes_per_row); break;
    default: status = read_strips(decoder, scratch, rgba, bytes_per_row); break;
    }
    free(scratch);
    return status;
}
