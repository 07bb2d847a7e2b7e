#include <stdlib.h>
#include <string.h>

#include "sepia_jpeg.h"
#include "sepia_jpeg_destination.h"
#include "sepia_jpeg_errors.h"

/* Everything libjpeg may write to before a longjmp lives on the heap, not in locals. */
typedef struct rewrite {
    struct jpeg_decompress_struct source;
    struct jpeg_compress_struct target;
    sepia_jpeg_errors source_errors;
    sepia_jpeg_errors target_errors;
    sepia_jpeg_growing_destination destination;
} rewrite;

/* The steps that may fail, each under its own setjmp: the two structs report to two managers. */
static bool read_source(rewrite *job, const void *data, size_t size, jvirt_barray_ptr **coefficients) {
    if (setjmp(job->source_errors.jump)) return false;
    jpeg_create_decompress(&job->source);
    jpeg_mem_src(&job->source, data, (unsigned long)size);
    jpeg_read_header(&job->source, TRUE);
    *coefficients = jpeg_read_coefficients(&job->source);
    return true;
}

static bool write_target(rewrite *job, jvirt_barray_ptr *coefficients, size_t capacity) {
    if (setjmp(job->target_errors.jump)) return false;
    jpeg_create_compress(&job->target);
    sepia_jpeg_growing_destination_install(&job->destination, &job->target, capacity);
    jpeg_copy_critical_parameters(&job->source, &job->target);
    jpeg_simple_progression(&job->target);
    jpeg_write_coefficients(&job->target, coefficients);
    jpeg_finish_compress(&job->target);
    return true;
}

static bool finish_source(rewrite *job) {
    if (setjmp(job->source_errors.jump)) return false;
    jpeg_finish_decompress(&job->source);
    return true;
}

sepia_status sepia_jpeg_rewrite_progressive(const void *data, size_t size, sepia_encoded_data *output,
                                            sepia_diagnostics *diagnostics) {
    memset(output, 0, sizeof *output);
    rewrite *job = calloc(1, sizeof *job);
    if (job == NULL) return SEPIA_STATUS_OUT_OF_MEMORY;
    sepia_jpeg_errors_install(&job->source_errors, (j_common_ptr)&job->source, diagnostics);
    sepia_jpeg_errors_install(&job->target_errors, (j_common_ptr)&job->target, diagnostics);
    jvirt_barray_ptr *coefficients = NULL;
    sepia_status status = SEPIA_STATUS_OK;
    if (!read_source(job, data, size, &coefficients)) {
        status = sepia_jpeg_errors_status(&job->source_errors);
    } else if (!write_target(job, coefficients, size + 4096)) {
        status = sepia_jpeg_errors_status(&job->target_errors);
    } else if (!finish_source(job)) {
        status = sepia_jpeg_errors_status(&job->source_errors);
    } else {
        sepia_jpeg_growing_destination_hand_over(&job->destination, output);
    }
    jpeg_destroy_compress(&job->target); /* does nothing before jpeg_create_compress: the struct is zeroed */
    jpeg_destroy_decompress(&job->source);
    free(job->destination.bytes);
    free(job);
    return status;
}
