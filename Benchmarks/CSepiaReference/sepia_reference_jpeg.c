#include "sepia_reference.h"
#include <setjmp.h>
#include <stdio.h>
#include <jpeglib.h>

struct reference_error {
    struct jpeg_error_mgr manager;
    jmp_buf escape;
};

static void reference_error_exit(j_common_ptr info) {
    longjmp(((struct reference_error *)info->err)->escape, 1);
}

int sepia_reference_decode_jpeg(const uint8_t *data, size_t size, int scale_denom,
                                uint8_t *output, int *width, int *height) {
    struct jpeg_decompress_struct info;
    struct reference_error error;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = reference_error_exit;
    if (setjmp(error.escape)) {
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_EXT_RGBA;
    info.scale_num = 1;
    info.scale_denom = (unsigned int)scale_denom;
    jpeg_calc_output_dimensions(&info);
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    if (output == NULL) {
        jpeg_destroy_decompress(&info);
        return 0;
    }
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    while (info.output_scanline < info.output_height) {
        JSAMPROW rows[16];
        int count = 0;
        for (; count < 16 && info.output_scanline + count < info.output_height; count++)
            rows[count] = output + (info.output_scanline + count) * stride;
        jpeg_read_scanlines(&info, rows, (JDIMENSION)count);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 0;
}
