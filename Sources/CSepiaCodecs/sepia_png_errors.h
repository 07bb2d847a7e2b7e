#ifndef SEPIA_PNG_ERRORS_H
#define SEPIA_PNG_ERRORS_H

#include <setjmp.h>

#include <png.h>

#include "sepia_diagnostics_internal.h"

/*
 * libpng error and warning callbacks that record the message; the error callback then longjmps
 * to `jump`, which the C function calling libpng has just set with setjmp.
 */
typedef struct sepia_png_errors {
    jmp_buf jump;
    sepia_diagnostics *diagnostics;
    bool out_of_memory;
} sepia_png_errors;

/* For png_create_read_struct / png_create_write_struct, with `errors` as the error pointer. */
void sepia_png_errors_record_error(png_structp png, png_const_charp message);
void sepia_png_errors_record_warning(png_structp png, png_const_charp message);

/* The status for the error that was just caught by setjmp. */
sepia_status sepia_png_errors_status(const sepia_png_errors *errors);

#endif
