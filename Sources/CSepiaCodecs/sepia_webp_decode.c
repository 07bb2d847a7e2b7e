#include "sepia_webp.h"

#include <string.h>

#include <webp/decode.h>
#include <webp/demux.h>

#include "sepia_diagnostics_internal.h"
#include "sepia_huge_pages.h"

/* The prefix some writers put before the TIFF structure of the EXIF chunk. */
static const uint8_t exif_prefix[6] = {'E', 'x', 'i', 'f', 0, 0};

/* The status for a libwebp decoding status, with a message for the caller. */
static sepia_status status_for(VP8StatusCode code, sepia_diagnostics *diagnostics) {
    switch (code) {
    case VP8_STATUS_OK:
        return SEPIA_STATUS_OK;
    case VP8_STATUS_OUT_OF_MEMORY:
        sepia_diagnostics_set_error(diagnostics, "libwebp ran out of memory");
        return SEPIA_STATUS_OUT_OF_MEMORY;
    case VP8_STATUS_NOT_ENOUGH_DATA:
        diagnostics->data_ended_early = true;
        sepia_diagnostics_set_error(diagnostics, "the WebP data ends early");
        return SEPIA_STATUS_TRUNCATED;
    case VP8_STATUS_UNSUPPORTED_FEATURE:
        sepia_diagnostics_set_error(diagnostics, "libwebp does not support a feature the image uses");
        return SEPIA_STATUS_LIBRARY_ERROR;
    case VP8_STATUS_INVALID_PARAM:
        sepia_diagnostics_set_error(diagnostics, "libwebp refused the decoding parameters");
        return SEPIA_STATUS_LIBRARY_ERROR;
    default:
        sepia_diagnostics_set_error(diagnostics, "the compressed image data is invalid (VP8/VP8L bitstream error)");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
}

/* Whether `size` bytes hold less than the RIFF header announces (RFC 9649, 2.4: a little-endian
   payload size after "RIFF"): the data was cut short, rather than badly formed. */
static bool shorter_than_announced(const uint8_t *data, size_t size) {
    if (size < 8) return true;
    const uint64_t payload = (uint64_t)data[4] | (uint64_t)data[5] << 8 | (uint64_t)data[6] << 16 | (uint64_t)data[7] << 24;
    return size - 8 < payload;
}

/* Points `*bytes` at the payload of the first `fourcc` chunk, if any. */
static void find_chunk(const WebPDemuxer *demux, const char fourcc[4], const uint8_t **bytes, size_t *length) {
    WebPChunkIterator chunk;
    if (WebPDemuxGetChunk(demux, fourcc, 1, &chunk)) {
        *bytes = chunk.chunk.bytes;
        *length = chunk.chunk.size;
    }
    WebPDemuxReleaseChunkIterator(&chunk);
}

sepia_status sepia_webp_read_info(const void *data, size_t size, sepia_webp_info *info,
                                  sepia_diagnostics *diagnostics) {
    memset(info, 0, sizeof *info);
    const WebPData webp = {data, size};
    WebPDemuxState state;
    WebPDemuxer *demux = WebPDemuxPartial(&webp, &state);
    if (demux == NULL || state != WEBP_DEMUX_DONE) {
        WebPDemuxDelete(demux);
        if (state != WEBP_DEMUX_PARSE_ERROR && shorter_than_announced(data, size)) {
            return status_for(VP8_STATUS_NOT_ENOUGH_DATA, diagnostics);
        }
        sepia_diagnostics_set_error(diagnostics, "the RIFF container or its chunk headers are invalid");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    const uint32_t flags = WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS);
    info->width = WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH);
    info->height = WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT);
    info->is_animated = (flags & ANIMATION_FLAG) != 0;
    info->frame_count = WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT);
    info->loop_count = info->is_animated ? WebPDemuxGetI(demux, WEBP_FF_LOOP_COUNT) : 0;
    find_chunk(demux, "EXIF", &info->exif_tiff, &info->exif_tiff_length);
    find_chunk(demux, "ICCP", &info->icc_profile, &info->icc_profile_length);
    WebPDemuxDelete(demux);

    if (info->exif_tiff_length >= sizeof exif_prefix && memcmp(info->exif_tiff, exif_prefix, sizeof exif_prefix) == 0) {
        info->exif_tiff += sizeof exif_prefix;
        info->exif_tiff_length -= sizeof exif_prefix;
    }
    if (info->frame_count == 0) {
        sepia_diagnostics_set_error(diagnostics, "the file holds no image");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    if (info->is_animated) {
        info->has_alpha = (flags & ALPHA_FLAG) != 0;
        return SEPIA_STATUS_OK;
    }
    WebPBitstreamFeatures features;
    const sepia_status status = status_for(WebPGetFeatures(data, size, &features), diagnostics);
    info->has_alpha = features.has_alpha != 0;
    info->is_lossless = features.format == 2;
    return status;
}

/* The first frame of an animation, composited by WebPAnimDecoder, copied into `rgba`. */
static sepia_status decode_first_frame(const WebPData *webp, uint32_t width, uint32_t height, uint8_t *rgba,
                                       size_t bytes_per_row, sepia_diagnostics *diagnostics) {
    sepia_webp_animation *animation = sepia_webp_animation_create(webp->bytes, webp->size, width, height, diagnostics);
    if (animation == NULL) return SEPIA_STATUS_LIBRARY_ERROR;
    int timestamp = 0;
    bool decoded = false;
    sepia_status status = sepia_webp_animation_next(animation, rgba, bytes_per_row, &timestamp, &decoded, diagnostics);
    if (status == SEPIA_STATUS_OK && !decoded) {
        sepia_diagnostics_set_error(diagnostics, "the first frame of the animation could not be decoded");
        status = SEPIA_STATUS_LIBRARY_ERROR;
    }
    sepia_webp_animation_destroy(animation);
    return status;
}

sepia_status sepia_webp_decode(const void *data, size_t size, uint32_t output_width, uint32_t output_height,
                               uint8_t *rgba, size_t bytes_per_row, sepia_diagnostics *diagnostics) {
    const WebPData webp = {data, size};
    WebPDemuxer *demux = WebPDemux(&webp);
    if (demux == NULL) {
        sepia_diagnostics_set_error(diagnostics, "the RIFF container or its chunk headers are invalid");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    const uint32_t canvas_width = WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH);
    const uint32_t canvas_height = WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT);
    const bool animated = (WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS) & ANIMATION_FLAG) != 0;
    WebPDemuxDelete(demux);
    const bool scaled = output_width != canvas_width || output_height != canvas_height;
    sepia_prefer_huge_pages(rgba, (size_t)output_height * bytes_per_row);

    if (animated) {
        if (scaled) {
            sepia_diagnostics_set_error(diagnostics, "an animation is decoded at its canvas size only");
            return SEPIA_STATUS_LIBRARY_ERROR;
        }
        return decode_first_frame(&webp, output_width, output_height, rgba, bytes_per_row, diagnostics);
    }
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) {
        sepia_diagnostics_set_error(diagnostics, "libwebp's decoder has an unexpected version");
        return SEPIA_STATUS_LIBRARY_ERROR;
    }
    config.options.use_scaling = scaled;
    config.options.scaled_width = (int)output_width;
    config.options.scaled_height = (int)output_height;
    config.output.colorspace = MODE_RGBA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = rgba;
    config.output.u.RGBA.stride = (int)bytes_per_row;
    config.output.u.RGBA.size = (size_t)output_height * bytes_per_row;
    const sepia_status status = status_for(WebPDecode(data, size, &config), diagnostics);
    WebPFreeDecBuffer(&config.output);
    return status;
}
