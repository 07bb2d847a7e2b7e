#include "sepia_png_errors.h"

#include <string.h>

void sepia_png_errors_record_error(png_structp png, png_const_charp message) {
    sepia_png_errors *errors = png_get_error_ptr(png);
    sepia_diagnostics_set_error(errors->diagnostics, message);
    /* libpng's allocators (png_malloc and friends) fail with these exact messages. */
    if (strcmp(message, "Out of memory") == 0 || strcmp(message, "Out of Memory") == 0) errors->out_of_memory = true;
    longjmp(errors->jump, 1);
}

void sepia_png_errors_record_warning(png_structp png, png_const_charp message) {
    sepia_png_errors *errors = png_get_error_ptr(png);
    sepia_diagnostics_add_warning(errors->diagnostics, message);
}

sepia_status sepia_png_errors_status(const sepia_png_errors *errors) {
    if (errors->out_of_memory) return SEPIA_STATUS_OUT_OF_MEMORY;
    if (errors->diagnostics->data_ended_early) return SEPIA_STATUS_TRUNCATED;
    return SEPIA_STATUS_LIBRARY_ERROR;
}
