#include "sepia_jxl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jxl/decode.h>

#include "sepia_huge_pages.h"
#include "sepia_jxl_library.h"

/* The first allocation for an Exif box, and the most bytes kept of one. */
enum { EXIF_FIRST_CAPACITY = 4096, EXIF_MAXIMUM = 1 << 20 };

struct sepia_jxl_decoder {
    JxlDecoder *jxl;
    sepia_diagnostics diagnostics;
    sepia_jxl_header header;
    JxlBasicInfo info;
    uint8_t *icc_profile;
    /* The first Exif box: its bytes (from the 4-byte offset on), while and after it is read. */
    uint8_t *exif;
    size_t exif_capacity;
    size_t exif_length;
    bool reading_exif;
    bool exif_found;
};

sepia_jxl_decoder *sepia_jxl_decoder_create(void) {
    sepia_jxl_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    /* Without libjxl the decoder has no JxlDecoder, and reading the header reports why. */
    if (!sepia_jxl_library_start(&decoder->diagnostics)) return decoder;
    decoder->jxl = libjxl.JxlDecoderCreate(NULL);
    if (decoder->jxl == NULL) {
        free(decoder);
        return NULL;
    }
    return decoder;
}

void sepia_jxl_decoder_destroy(sepia_jxl_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->jxl != NULL) libjxl.JxlDecoderDestroy(decoder->jxl);
    free(decoder->icc_profile);
    free(decoder->exif);
    free(decoder);
}

const sepia_diagnostics *sepia_jxl_decoder_diagnostics(const sepia_jxl_decoder *decoder) {
    return &decoder->diagnostics;
}

const uint8_t *sepia_jxl_decoder_exif(const sepia_jxl_decoder *decoder, size_t *length) {
    *length = 0;
    if (!decoder->exif_found || decoder->exif_length <= 4) return NULL;
    const uint8_t *bytes = decoder->exif;
    /* ISO/IEC 18181-2, Exif box: a big-endian offset to the TIFF header, usually 0. */
    const uint32_t offset = (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
    if (offset >= decoder->exif_length - 4) return NULL;
    *length = decoder->exif_length - 4 - offset;
    return bytes + 4 + offset;
}

/* Ends the Exif box being read, if any: what libjxl wrote is its content. */
static void finish_exif(sepia_jxl_decoder *decoder) {
    if (!decoder->reading_exif) return;
    decoder->exif_length = decoder->exif_capacity - libjxl.JxlDecoderReleaseBoxBuffer(decoder->jxl);
    decoder->reading_exif = false;
    decoder->exif_found = true;
}

/* At a box: the first Exif box (Brotli-compressed ones too) is read into `exif`, others skipped. */
static sepia_status begin_box(sepia_jxl_decoder *decoder) {
    finish_exif(decoder);
    JxlBoxType type;
    if (decoder->exif_found || libjxl.JxlDecoderGetBoxType(decoder->jxl, type, JXL_TRUE) != JXL_DEC_SUCCESS ||
        memcmp(type, "Exif", 4) != 0) {
        return SEPIA_STATUS_OK;
    }
    decoder->exif = malloc(EXIF_FIRST_CAPACITY);
    if (decoder->exif == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    decoder->exif_capacity = EXIF_FIRST_CAPACITY;
    decoder->reading_exif = true;
    libjxl.JxlDecoderSetBoxBuffer(decoder->jxl, decoder->exif, decoder->exif_capacity);
    return SEPIA_STATUS_OK;
}

/* The Exif box is longer than its buffer: doubles it, or gives the box up past EXIF_MAXIMUM. */
static sepia_status grow_exif(sepia_jxl_decoder *decoder) {
    const size_t written = decoder->exif_capacity - libjxl.JxlDecoderReleaseBoxBuffer(decoder->jxl);
    if (decoder->exif_capacity >= EXIF_MAXIMUM) {
        sepia_diagnostics_add_warning(&decoder->diagnostics, "the Exif box is larger than 1 MiB and was skipped");
        free(decoder->exif);
        decoder->exif = NULL;
        decoder->reading_exif = false;
        decoder->exif_found = true; /* no later Exif box is looked for either */
        decoder->exif_length = 0;
        return SEPIA_STATUS_OK;
    }
    uint8_t *grown = realloc(decoder->exif, decoder->exif_capacity * 2);
    if (grown == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    decoder->exif = grown;
    decoder->exif_capacity *= 2;
    libjxl.JxlDecoderSetBoxBuffer(decoder->jxl, grown + written, decoder->exif_capacity - written);
    return SEPIA_STATUS_OK;
}

/*
 * Runs libjxl until it reports an event other than a box, handling the boxes on the way (the
 * Exif box may come before the codestream). Returns libjxl's status, or JXL_DEC_ERROR with
 * `*status` set when a box could not be handled.
 */
static JxlDecoderStatus next_event(sepia_jxl_decoder *decoder, sepia_status *status) {
    for (;;) {
        const JxlDecoderStatus event = libjxl.JxlDecoderProcessInput(decoder->jxl);
        if (event == JXL_DEC_BOX) {
            *status = begin_box(decoder);
        } else if (event == JXL_DEC_BOX_NEED_MORE_OUTPUT) {
            *status = grow_exif(decoder);
        } else {
            return event;
        }
        if (*status != SEPIA_STATUS_OK) return JXL_DEC_ERROR;
    }
}

/*
 * The status and message for an event that was not the one expected at `step`: truncated when
 * libjxl wants more input than the data has, a library error otherwise (libjxl 0.7 keeps its
 * reasons to itself, so the message names the step).
 */
static sepia_status unexpected(sepia_jxl_decoder *decoder, JxlDecoderStatus event, sepia_status status, const char *step) {
    sepia_diagnostics *diagnostics = &decoder->diagnostics;
    if (status != SEPIA_STATUS_OK) return status;
    if (event == JXL_DEC_NEED_MORE_INPUT) {
        diagnostics->data_ended_early = true;
        sepia_diagnostics_set_error(diagnostics, "the data ends before the image is complete");
        return SEPIA_STATUS_TRUNCATED;
    }
    char message[SEPIA_MESSAGE_CAPACITY];
    if (event == JXL_DEC_ERROR) {
        snprintf(message, sizeof message, "libjxl found the codestream invalid while %s", step);
    } else if (event == JXL_DEC_SUCCESS) {
        snprintf(message, sizeof message, "the file ended without an image while %s", step);
    } else {
        snprintf(message, sizeof message, "libjxl stopped with status %d while %s", (int)event, step);
    }
    sepia_diagnostics_set_error(diagnostics, message);
    return SEPIA_STATUS_LIBRARY_ERROR;
}

/* True when `encoding` is sRGB (or sRGB's grey): its white point, primaries and curve. */
static bool is_srgb(const JxlColorEncoding *encoding) {
    if (encoding->color_space != JXL_COLOR_SPACE_RGB && encoding->color_space != JXL_COLOR_SPACE_GRAY) return false;
    if (encoding->white_point != JXL_WHITE_POINT_D65 || encoding->transfer_function != JXL_TRANSFER_FUNCTION_SRGB) {
        return false;
    }
    return encoding->color_space == JXL_COLOR_SPACE_GRAY || encoding->primaries == JXL_PRIMARIES_SRGB;
}

/*
 * Settles the colour space of the pixels, at the colour encoding event: XYB samples are asked
 * for in sRGB (libjxl converts them exactly, with no colour management system); otherwise the
 * pixels are in the image's own space, whose ICC profile (the file's, or one libjxl makes from
 * the enumerated encoding) is kept unless it is sRGB.
 */
static sepia_status read_color(sepia_jxl_decoder *decoder) {
    JxlDecoder *jxl = decoder->jxl;
    if (!decoder->info.uses_original_profile) {
        JxlColorEncoding srgb;
        libjxl.JxlColorEncodingSetToSRGB(&srgb, decoder->info.num_color_channels == 1);
        if (libjxl.JxlDecoderSetPreferredColorProfile(jxl, &srgb) != JXL_DEC_SUCCESS) {
            sepia_diagnostics_add_warning(&decoder->diagnostics, "libjxl refused to render the XYB image in sRGB");
        }
    }
    JxlColorEncoding encoding;
    if (libjxl.JxlDecoderGetColorAsEncodedProfile(jxl, NULL, JXL_COLOR_PROFILE_TARGET_DATA, &encoding) == JXL_DEC_SUCCESS &&
        is_srgb(&encoding)) {
        return SEPIA_STATUS_OK;
    }
    size_t size = 0;
    if (libjxl.JxlDecoderGetICCProfileSize(jxl, NULL, JXL_COLOR_PROFILE_TARGET_DATA, &size) != JXL_DEC_SUCCESS || size == 0) {
        sepia_diagnostics_add_warning(&decoder->diagnostics,
                                      "the decoded pixels' colour space has no ICC profile; they are taken as sRGB");
        return SEPIA_STATUS_OK;
    }
    decoder->icc_profile = malloc(size);
    if (decoder->icc_profile == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    if (libjxl.JxlDecoderGetColorAsICCProfile(jxl, NULL, JXL_COLOR_PROFILE_TARGET_DATA, decoder->icc_profile, size) !=
        JXL_DEC_SUCCESS) {
        sepia_diagnostics_add_warning(&decoder->diagnostics, "libjxl could not give the decoded pixels' ICC profile");
        return SEPIA_STATUS_OK;
    }
    decoder->header.icc_profile = decoder->icc_profile;
    decoder->header.icc_profile_length = size;
    return SEPIA_STATUS_OK;
}

/* Copies what the basic info says into the header. */
static void read_basic_info(sepia_jxl_decoder *decoder) {
    const JxlBasicInfo *info = &decoder->info;
    sepia_jxl_header *header = &decoder->header;
    header->width = info->xsize;
    header->height = info->ysize;
    header->bits_per_sample = info->bits_per_sample;
    header->orientation = info->orientation >= 1 && info->orientation <= 8 ? (int)info->orientation : 1;
    header->has_alpha = info->alpha_bits > 0;
    header->is_xyb = !info->uses_original_profile;
    header->is_animated = info->have_animation;
    header->is_grey = info->num_color_channels == 1;
}

sepia_status sepia_jxl_decoder_read_header(sepia_jxl_decoder *decoder, const void *data, size_t size,
                                           sepia_jxl_header *header) {
    JxlDecoder *jxl = decoder->jxl;
    if (jxl == NULL) return SEPIA_STATUS_UNSUPPORTED; /* libjxl could not be loaded */
    const int events = JXL_DEC_BASIC_INFO | JXL_DEC_COLOR_ENCODING | JXL_DEC_FULL_IMAGE | JXL_DEC_BOX;
    if (libjxl.JxlDecoderSubscribeEvents(jxl, events) != JXL_DEC_SUCCESS ||
        libjxl.JxlDecoderSetKeepOrientation(jxl, JXL_TRUE) != JXL_DEC_SUCCESS ||
        libjxl.JxlDecoderSetUnpremultiplyAlpha(jxl, JXL_TRUE) != JXL_DEC_SUCCESS ||
        libjxl.JxlDecoderSetInput(jxl, data, size) != JXL_DEC_SUCCESS) {
        sepia_diagnostics_set_error(&decoder->diagnostics, "libjxl refused the decoder's settings");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    /* Brotli-compressed ("brob") Exif boxes are read too; without Brotli they are skipped. */
    (void)libjxl.JxlDecoderSetDecompressBoxes(jxl, JXL_TRUE);
    /*
     * The input is not closed yet: libjxl then says JXL_DEC_NEED_MORE_INPUT when the data ends
     * early, which is how a truncated file is told from a damaged one.
     */
    sepia_status status = SEPIA_STATUS_OK;
    JxlDecoderStatus event = next_event(decoder, &status);
    if (event != JXL_DEC_BASIC_INFO) return unexpected(decoder, event, status, "reading the image header");
    if (libjxl.JxlDecoderGetBasicInfo(jxl, &decoder->info) != JXL_DEC_SUCCESS) {
        return unexpected(decoder, JXL_DEC_ERROR, SEPIA_STATUS_OK, "reading the image header");
    }
    read_basic_info(decoder);
    event = next_event(decoder, &status);
    if (event != JXL_DEC_COLOR_ENCODING) return unexpected(decoder, event, status, "reading the colour encoding");
    status = read_color(decoder);
    *header = decoder->header;
    return status;
}

/*
 * After the first frame: reads the rest of a still image's container for an Exif box after the
 * codestream. Damage there leaves the pixels whole, so it is only a warning.
 */
static void read_trailing_boxes(sepia_jxl_decoder *decoder) {
    if (decoder->exif_found || !decoder->info.have_container || decoder->info.have_animation) return;
    libjxl.JxlDecoderCloseInput(decoder->jxl);
    sepia_status status = SEPIA_STATUS_OK;
    const JxlDecoderStatus event = next_event(decoder, &status);
    if (event == JXL_DEC_SUCCESS) {
        finish_exif(decoder);
    } else {
        if (decoder->reading_exif) {
            /* A box cut short: what was written of it is no EXIF to trust. */
            libjxl.JxlDecoderReleaseBoxBuffer(decoder->jxl);
            decoder->reading_exif = false;
        }
        sepia_diagnostics_add_warning(&decoder->diagnostics, "the container is damaged after the image");
    }
}

sepia_status sepia_jxl_decoder_read_pixels(sepia_jxl_decoder *decoder, uint8_t *rgba, size_t bytes_per_row) {
    JxlDecoder *jxl = decoder->jxl;
    const uint32_t width = decoder->header.width, height = decoder->header.height;
    const JxlPixelFormat format = {4, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, bytes_per_row};
    sepia_status status = SEPIA_STATUS_OK;
    JxlDecoderStatus event = next_event(decoder, &status);
    if (event != JXL_DEC_NEED_IMAGE_OUT_BUFFER) return unexpected(decoder, event, status, "reading the frame header");
    size_t needed = 0;
    const size_t size = (size_t)height * bytes_per_row;
    if (bytes_per_row < (size_t)width * 4 || libjxl.JxlDecoderImageOutBufferSize(jxl, &format, &needed) != JXL_DEC_SUCCESS ||
        needed > size) {
        sepia_diagnostics_set_error(&decoder->diagnostics, "libjxl asked for a larger image buffer than the header implies");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    sepia_prefer_huge_pages(rgba, size);
    if (libjxl.JxlDecoderSetImageOutBuffer(jxl, &format, rgba, size) != JXL_DEC_SUCCESS) {
        return unexpected(decoder, JXL_DEC_ERROR, SEPIA_STATUS_OK, "setting the image buffer");
    }
    event = next_event(decoder, &status);
    if (event != JXL_DEC_FULL_IMAGE) return unexpected(decoder, event, status, "decoding the image");
    read_trailing_boxes(decoder);
    return SEPIA_STATUS_OK;
}
