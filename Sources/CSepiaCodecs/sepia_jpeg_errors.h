#ifndef SEPIA_JPEG_ERRORS_H
#define SEPIA_JPEG_ERRORS_H

#include <setjmp.h>
#include <stdio.h> /* jpeglib.h needs FILE and size_t first */

#include <jpeglib.h>

#include "sepia_diagnostics_internal.h"

/*
 * Replaces libjpeg's default error manager, whose error_exit calls exit() and whose warnings go
 * to stderr. Errors are recorded and longjmp to `jump`, which the C function calling libjpeg
 * has just set with setjmp; warnings are recorded and decoding goes on.
 */
typedef struct sepia_jpeg_errors {
    struct jpeg_error_mgr manager; /* first member: libjpeg's cinfo->err points here */
    jmp_buf jump;
    sepia_diagnostics *diagnostics;
    /* The status set by sepia_jpeg_errors_exit, or SEPIA_STATUS_OK after libjpeg's own errors. */
    sepia_status own_status;
} sepia_jpeg_errors;

/* Installs `errors` as the error manager of `cinfo`, before jpeg_create_(de)compress. */
void sepia_jpeg_errors_install(sepia_jpeg_errors *errors, j_common_ptr cinfo, sepia_diagnostics *diagnostics);

/*
 * Stops the libjpeg call in progress from one of our own hooks, as error_exit does for
 * libjpeg's errors: records `message` as the error and `status` as what the caller's setjmp
 * returns, then longjmps.
 */
_Noreturn void sepia_jpeg_errors_exit(j_common_ptr cinfo, const char *message, sepia_status status);

/* The status for the error that was just caught by setjmp. */
sepia_status sepia_jpeg_errors_status(const sepia_jpeg_errors *errors);

#endif
