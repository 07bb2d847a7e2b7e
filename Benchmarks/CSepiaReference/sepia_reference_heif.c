#include "sepia_reference_formats.h"

#include <string.h>

#include <libheif/heif.h>

int sepia_reference_decode_heif(const uint8_t *data, size_t size, uint8_t *output, int *width, int *height) {
    struct heif_context *context = heif_context_alloc();
    struct heif_image_handle *handle = NULL;
    struct heif_image *image = NULL;
    int status = -1;
    if (heif_context_read_from_memory_without_copy(context, data, size, NULL).code == heif_error_Ok &&
        heif_context_get_primary_image_handle(context, &handle).code == heif_error_Ok) {
        *width = heif_image_handle_get_width(handle);
        *height = heif_image_handle_get_height(handle);
        if (output == NULL) {
            status = 0;
        } else if (heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, NULL).code ==
                       heif_error_Ok &&
                   heif_image_get_width(image, heif_channel_interleaved) == *width &&
                   heif_image_get_height(image, heif_channel_interleaved) == *height) {
            int stride = 0;
            const uint8_t *plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
            for (int row = 0; row < *height; row++) {
                memcpy(output + (size_t)row * (size_t)*width * 4, plane + (size_t)row * (size_t)stride, (size_t)*width * 4);
            }
            status = 0;
        }
    }
    heif_image_release(image);
    heif_image_handle_release(handle);
    heif_context_free(context);
    return status;
}
