#include "sepia_jpeg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sepia_huge_pages.h"
#include "sepia_jpeg_errors.h"

/* Rows handed to one jpeg_read_scanlines call (libjpeg returns at most one iMCU row anyway). */
#define ROWS_PER_READ 32

/*
 * The most scans a JPEG may have. Encoders write about ten; a file of many scans over a large
 * frame, each only a few bytes of end-of-band runs, makes libjpeg walk every block of the frame
 * once a scan. libjpeg-turbo's own tools stop at 500 (djpeg -maxscans, TJFLAG_LIMITSCANS).
 */
#define MAX_SCANS 500

/* Identifier that starts an EXIF APP1 segment (EXIF 2.32, section 4.5.4). */
static const char exif_identifier[6] = {'E', 'x', 'i', 'f', 0, 0};

struct sepia_jpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    sepia_jpeg_errors errors;
    sepia_diagnostics diagnostics;
    struct jpeg_progress_mgr progress; /* stop_after_scan_limit */
    JOCTET *icc_profile;               /* jpeg_read_icc_profile's malloc'd copy */
    bool keeps_cmyk;                   /* read_pixels hands CMYK out as stored */
};

/* Stops the libjpeg call in progress: the file has more than MAX_SCANS scans. */
static _Noreturn void refuse_scan_count(j_common_ptr cinfo) {
    char message[SEPIA_MESSAGE_CAPACITY];
    snprintf(message, sizeof message, "it has more than %d scans, the most Sepia decodes", MAX_SCANS);
    sepia_jpeg_errors_exit(cinfo, message, SEPIA_STATUS_UNSUPPORTED);
}

/*
 * libjpeg's progress hook, which it calls between units of work while it reads the scans
 * (jpeg_start_decompress reads every scan of a multi-scan file): stops the decode once the
 * file has shown more than MAX_SCANS scans. The backstop of count_scans, should libjpeg find
 * a scan the count did not.
 */
static void stop_after_scan_limit(j_common_ptr common) {
    if (((j_decompress_ptr)common)->input_scan_number > MAX_SCANS) refuse_scan_count(common);
}

/*
 * The offset of the next marker's 0xFF at or after `offset` in the `size` bytes of `data`, or
 * `size` when there is none. Skips what is not a marker, as libjpeg does: entropy-coded data,
 * its stuffed 0xFF00 bytes and its restart markers (RST0 to RST7, ITU-T T.81 B.1.1.2 and
 * B.1.1.5), the 0xFF fill bytes before a marker, and stray bytes.
 */
static size_t next_marker(const uint8_t *data, size_t size, size_t offset) {
    while (offset + 1 < size) {
        const uint8_t *found = memchr(data + offset, 0xFF, size - 1 - offset);
        if (found == NULL) return size;
        offset = (size_t)(found - data);
        const uint8_t code = data[offset + 1];
        if (code != 0x00 && code != 0xFF && (code < 0xD0 || code > 0xD7)) return offset;
        offset += code == 0xFF ? 1 : 2;
    }
    return size;
}

/*
 * The SOS markers of a JPEG, counted by walking its marker segments from the one after SOI to
 * EOI (or the end of the data): a segment's length is skipped, and after a SOS segment its
 * entropy-coded data. Stops counting past `limit`. Microseconds even for a file of thousands of
 * scans, which libjpeg would take seconds to decode, walking every block of the frame a scan.
 */
static unsigned count_scans(const uint8_t *data, size_t size, unsigned limit) {
    unsigned scans = 0;
    for (size_t offset = next_marker(data, size, 2); offset + 1 < size && scans <= limit;
         offset = next_marker(data, size, offset)) {
        const uint8_t code = data[offset + 1];
        if (code == 0xD9) break; /* EOI */
        offset += 2;
        if (code == 0x01 || code == 0xD8) continue; /* TEM and SOI have no length */
        if (offset + 2 > size) break;
        if (code == 0xDA) scans++;
        offset += (size_t)data[offset] << 8 | data[offset + 1];
    }
    return scans;
}

void sepia_jpeg_decoder_destroy(sepia_jpeg_decoder *decoder) {
    if (decoder == NULL) return;
    jpeg_destroy_decompress(&decoder->cinfo);
    free(decoder->icc_profile);
    free(decoder);
}

/* Runs jpeg_create_decompress; false when it failed (out of memory). */
static bool create_decompress(sepia_jpeg_decoder *decoder) {
    if (setjmp(decoder->errors.jump)) return false;
    jpeg_create_decompress(&decoder->cinfo);
    return true;
}

sepia_jpeg_decoder *sepia_jpeg_decoder_create(void) {
    sepia_jpeg_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    sepia_jpeg_errors_install(&decoder->errors, (j_common_ptr)&decoder->cinfo, &decoder->diagnostics);
    if (!create_decompress(decoder)) {
        sepia_jpeg_decoder_destroy(decoder);
        return NULL;
    }
    decoder->progress.progress_monitor = stop_after_scan_limit;
    decoder->cinfo.progress = &decoder->progress;
    return decoder;
}

const sepia_diagnostics *sepia_jpeg_decoder_diagnostics(const sepia_jpeg_decoder *decoder) {
    return &decoder->diagnostics;
}

static void find_exif(j_decompress_ptr cinfo, sepia_jpeg_header *header) {
    for (jpeg_saved_marker_ptr marker = cinfo->marker_list; marker != NULL; marker = marker->next) {
        if (marker->marker != JPEG_APP0 + 1) continue;
        if (marker->data_length < sizeof exif_identifier) continue;
        if (memcmp(marker->data, exif_identifier, sizeof exif_identifier) != 0) continue;
        header->exif_tiff = marker->data + sizeof exif_identifier;
        header->exif_tiff_length = marker->data_length - sizeof exif_identifier;
        return;
    }
}

static uint64_t round_up(uint64_t value, uint64_t multiple) {
    return (value + multiple - 1) / multiple * multiple;
}

/* Mirrors the whole-image coefficient buffer of libjpeg's jdcoefct.c (one JBLOCK per block). */
static uint64_t whole_image_coefficient_bytes(j_decompress_ptr cinfo) {
    if (!jpeg_has_multiple_scans(cinfo)) return 0;
    uint64_t bytes = 0;
    for (int index = 0; index < cinfo->num_components; index++) {
        const jpeg_component_info *component = &cinfo->comp_info[index];
        uint64_t columns = round_up(component->width_in_blocks, component->h_samp_factor);
        uint64_t rows = round_up(component->height_in_blocks, component->v_samp_factor);
        bytes += columns * rows * sizeof(JBLOCK);
    }
    return bytes;
}

/* libjpeg-turbo converts grayscale, YCbCr and RGB straight to RGBA; CMYK we convert ourselves. */
static bool is_cmyk(j_decompress_ptr cinfo) {
    return cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
}

sepia_status sepia_jpeg_decoder_read_header(sepia_jpeg_decoder *decoder, const void *data, size_t size,
                                            sepia_jpeg_header *header) {
    j_decompress_ptr cinfo = &decoder->cinfo;
    memset(header, 0, sizeof *header);
    if (setjmp(decoder->errors.jump)) return sepia_jpeg_errors_status(&decoder->errors);

    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_save_markers(cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_save_markers(cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(cinfo, TRUE);
    if (jpeg_has_multiple_scans(cinfo) && count_scans(data, size, MAX_SCANS) > MAX_SCANS) {
        refuse_scan_count((j_common_ptr)cinfo);
    }
    cinfo->out_color_space = is_cmyk(cinfo) ? JCS_CMYK : JCS_EXT_RGBA;

    header->width = cinfo->image_width;
    header->height = cinfo->image_height;
    header->whole_image_coefficient_bytes = whole_image_coefficient_bytes(cinfo);
    header->cmyk = is_cmyk(cinfo);
    header->cmyk_inverted = header->cmyk && cinfo->saw_Adobe_marker;
    find_exif(cinfo, header);
    unsigned int icc_length = 0;
    if (jpeg_read_icc_profile(cinfo, &decoder->icc_profile, &icc_length)) {
        header->icc_profile = decoder->icc_profile;
        header->icc_profile_length = icc_length;
    }
    return SEPIA_STATUS_OK;
}

void sepia_jpeg_decoder_keep_cmyk(sepia_jpeg_decoder *decoder) {
    decoder->keeps_cmyk = true;
}

sepia_status sepia_jpeg_decoder_set_scale(sepia_jpeg_decoder *decoder, unsigned denominator,
                                          uint32_t *output_width, uint32_t *output_height) {
    j_decompress_ptr cinfo = &decoder->cinfo;
    if (setjmp(decoder->errors.jump)) return sepia_jpeg_errors_status(&decoder->errors);

    cinfo->scale_num = 1;
    cinfo->scale_denom = denominator;
    jpeg_calc_output_dimensions(cinfo);
    *output_width = cinfo->output_width;
    *output_height = cinfo->output_height;
    return SEPIA_STATUS_OK;
}

/* x / 255 rounded, exact for 0 <= x <= 255 * 255. */
static inline uint8_t divide_by_255(unsigned x) {
    x += 128;
    return (uint8_t)((x + (x >> 8)) >> 8);
}

/*
 * Turns CMYK pixels into RGBA in place: R = 255 * (1 - C) * (1 - K), and so on. Adobe
 * applications store CMYK (and the CMYK behind YCCK) inverted, that is 255 - ink; libjpeg hands
 * the stored values over unchanged, so those already are the (1 - ink) factors. Plain CMYK is
 * flipped first (v ^ 255 is 255 - v).
 */
static void convert_cmyk_to_rgba(uint8_t *row, JDIMENSION width, bool stored_inverted) {
    const unsigned flip = stored_inverted ? 0 : 255;
    for (JDIMENSION x = 0; x < width; x++, row += 4) {
        unsigned key = row[3] ^ flip;
        row[0] = divide_by_255((row[0] ^ flip) * key);
        row[1] = divide_by_255((row[1] ^ flip) * key);
        row[2] = divide_by_255((row[2] ^ flip) * key);
        row[3] = 255;
    }
}

sepia_status sepia_jpeg_decoder_start(sepia_jpeg_decoder *decoder) {
    j_decompress_ptr cinfo = &decoder->cinfo;
    if (setjmp(decoder->errors.jump)) return sepia_jpeg_errors_status(&decoder->errors);
    jpeg_start_decompress(cinfo);
    if (cinfo->output_components != 4) {
        sepia_diagnostics_set_error(&decoder->diagnostics, "unexpected number of output components");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    return SEPIA_STATUS_OK;
}

sepia_status sepia_jpeg_decoder_read_rows(sepia_jpeg_decoder *decoder, uint8_t *rows, size_t bytes_per_row,
                                          uint32_t capacity, uint32_t *count) {
    j_decompress_ptr cinfo = &decoder->cinfo;
    *count = 0;
    if (setjmp(decoder->errors.jump)) return sepia_jpeg_errors_status(&decoder->errors);
    JSAMPROW pointers[ROWS_PER_READ];
    if (capacity > ROWS_PER_READ) capacity = ROWS_PER_READ;
    for (uint32_t index = 0; index < capacity; index++) pointers[index] = rows + index * bytes_per_row;
    JDIMENSION filled = 0;
    while (filled < capacity && cinfo->output_scanline < cinfo->output_height) {
        const JDIMENSION read = jpeg_read_scanlines(cinfo, pointers + filled, capacity - filled);
        if (read == 0) {
            sepia_diagnostics_set_error(&decoder->diagnostics, "libjpeg returned no rows");
            return SEPIA_STATUS_LIBRARY_ERROR;
        }
        filled += read;
    }
    if (cinfo->out_color_space == JCS_CMYK && !decoder->keeps_cmyk) {
        for (JDIMENSION index = 0; index < filled; index++) {
            convert_cmyk_to_rgba(pointers[index], cinfo->output_width, cinfo->saw_Adobe_marker);
        }
    }
    *count = filled;
    return SEPIA_STATUS_OK;
}

bool sepia_jpeg_decoder_has_ycbcr_420_planes(const sepia_jpeg_decoder *decoder) {
    const struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    if (cinfo->num_components != 3 || cinfo->jpeg_color_space != JCS_YCbCr) return false;
    const jpeg_component_info *components = cinfo->comp_info;
    return components[0].h_samp_factor == 2 && components[0].v_samp_factor == 2 &&
           components[1].h_samp_factor == 1 && components[1].v_samp_factor == 1 &&
           components[2].h_samp_factor == 1 && components[2].v_samp_factor == 1;
}

sepia_status sepia_jpeg_decoder_start_planes(sepia_jpeg_decoder *decoder, unsigned denominator, uint32_t *luma_row_length,
                                             uint32_t *chroma_row_length, uint32_t *chroma_rows) {
    j_decompress_ptr cinfo = &decoder->cinfo;
    if (!sepia_jpeg_decoder_has_ycbcr_420_planes(decoder)) {
        sepia_diagnostics_set_error(&decoder->diagnostics, "the JPEG is not YCbCr 4:2:0");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    if (denominator != 1 && denominator != 2 && denominator != 4 && denominator != 8) {
        sepia_diagnostics_set_error(&decoder->diagnostics, "DCT scaling is 1/1, 1/2, 1/4 or 1/8");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    if (setjmp(decoder->errors.jump)) return sepia_jpeg_errors_status(&decoder->errors);
    cinfo->raw_data_out = TRUE;
    cinfo->scale_num = 1;
    cinfo->scale_denom = denominator;
    jpeg_start_decompress(cinfo);
    /* Scaled, libjpeg gives the chroma components a DCT twice the luma's (jdmaster.c: "scale up
     * the chroma components via IDCT scaling rather than upsampling"), so they come out at the
     * luma's resolution. */
    *luma_row_length = cinfo->comp_info[0].width_in_blocks * (uint32_t)cinfo->comp_info[0].DCT_scaled_size;
    *chroma_row_length = cinfo->comp_info[1].width_in_blocks * (uint32_t)cinfo->comp_info[1].DCT_scaled_size;
    const bool full_chroma = cinfo->comp_info[1].DCT_scaled_size == 2 * cinfo->comp_info[0].DCT_scaled_size;
    if (full_chroma != (denominator > 1)) {
        sepia_diagnostics_set_error(&decoder->diagnostics, "libjpeg scaled the chroma unexpectedly");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    *chroma_rows = full_chroma ? 2 * DCTSIZE : DCTSIZE;
    return SEPIA_STATUS_OK;
}

sepia_status sepia_jpeg_decoder_read_planes(sepia_jpeg_decoder *decoder, uint8_t *luma, size_t luma_stride, uint8_t *cb,
                                            uint8_t *cr, size_t chroma_stride, uint32_t *rows) {
    j_decompress_ptr cinfo = &decoder->cinfo;
    *rows = 0;
    if (setjmp(decoder->errors.jump)) return sepia_jpeg_errors_status(&decoder->errors);
    if (cinfo->output_scanline >= cinfo->output_height) return SEPIA_STATUS_OK;
    /* One iMCU row a call: 16 luma rows at full scale, 16 / denominator scaled; the band of 16
     * luma rows takes as many calls as that. */
    const int luma_per_call = cinfo->max_v_samp_factor * cinfo->min_DCT_scaled_size;
    const int chroma_per_call = cinfo->comp_info[1].v_samp_factor * cinfo->comp_info[1].DCT_scaled_size;
    const int chroma_rows = 2 * DCTSIZE / luma_per_call * chroma_per_call; /* 8, or 16 scaled */
    JSAMPROW luma_rows[2 * DCTSIZE], cb_rows[2 * DCTSIZE], cr_rows[2 * DCTSIZE];
    for (int index = 0; index < 2 * DCTSIZE; index++) luma_rows[index] = luma + index * luma_stride;
    for (int index = 0; index < chroma_rows && index < 2 * DCTSIZE; index++) {
        cb_rows[index] = cb + index * chroma_stride;
        cr_rows[index] = cr + index * chroma_stride;
    }
    const JDIMENSION first = cinfo->output_scanline;
    for (int call = 0; call * luma_per_call < 2 * DCTSIZE && cinfo->output_scanline < cinfo->output_height; call++) {
        JSAMPARRAY planes[3] = {luma_rows + call * luma_per_call, cb_rows + call * chroma_per_call,
                                cr_rows + call * chroma_per_call};
        if (jpeg_read_raw_data(cinfo, planes, (JDIMENSION)luma_per_call) == 0) {
            sepia_diagnostics_set_error(&decoder->diagnostics, "libjpeg returned no rows");
            return SEPIA_STATUS_LIBRARY_ERROR;
        }
    }
    const JDIMENSION last = cinfo->output_scanline < cinfo->output_height ? cinfo->output_scanline : cinfo->output_height;
    *rows = last - first;
    return SEPIA_STATUS_OK;
}

sepia_status sepia_jpeg_decoder_finish(sepia_jpeg_decoder *decoder) {
    if (setjmp(decoder->errors.jump)) return sepia_jpeg_errors_status(&decoder->errors);
    jpeg_finish_decompress(&decoder->cinfo);
    return SEPIA_STATUS_OK;
}

sepia_status sepia_jpeg_decoder_read_pixels(sepia_jpeg_decoder *decoder, uint8_t *rgba, size_t bytes_per_row,
                                            sepia_jpeg_rows_decoded rows_decoded, void *context) {
    sepia_status status = sepia_jpeg_decoder_start(decoder);
    if (status != SEPIA_STATUS_OK) return status;
    const j_decompress_ptr cinfo = &decoder->cinfo;
    sepia_prefer_huge_pages(rgba, (size_t)cinfo->output_height * bytes_per_row);
    while (cinfo->output_scanline < cinfo->output_height) {
        const uint32_t first = cinfo->output_scanline;
        uint32_t count = 0;
        status = sepia_jpeg_decoder_read_rows(decoder, rgba + (size_t)first * bytes_per_row, bytes_per_row, ROWS_PER_READ,
                                              &count);
        if (status != SEPIA_STATUS_OK) return status;
        if (rows_decoded != NULL) rows_decoded(context, first, count);
    }
    return sepia_jpeg_decoder_finish(decoder);
}
