#include "sepia_reference_formats.h"

#include <libheif/heif.h>

int sepia_reference_decode_heif(const uint8_t *data, size_t size, int *width, int *height) {
    struct heif_context *context = heif_context_alloc();
    struct heif_image_handle *handle = NULL;
    struct heif_image *image = NULL;
    int status = -1;
    if (heif_context_read_from_memory_without_copy(context, data, size, NULL).code == heif_error_Ok &&
        heif_context_get_primary_image_handle(context, &handle).code == heif_error_Ok &&
        heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, NULL).code == heif_error_Ok) {
        *width = heif_image_get_width(image, heif_channel_interleaved);
        *height = heif_image_get_height(image, heif_channel_interleaved);
        status = 0;
    }
    heif_image_release(image);
    heif_image_handle_release(handle);
    heif_context_free(context);
    return status;
}
