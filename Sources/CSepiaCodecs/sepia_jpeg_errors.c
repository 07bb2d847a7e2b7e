#include "sepia_jpeg_errors.h"

#include <jerror.h>

static void record_error_and_jump(j_common_ptr cinfo) {
    sepia_jpeg_errors *errors = (sepia_jpeg_errors *)cinfo->err;
    char message[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, message);
    sepia_diagnostics_set_error(errors->diagnostics, message);
    longjmp(errors->jump, 1);
}

/*
 * True for the warnings after which libjpeg makes up pixels: it ran out of entropy-coded data
 * (and pads with zero coefficients, that is grey) or could not decode it. The other warnings
 * (stray bytes before a marker, an odd JFIF version, a bad ICC marker...) leave every pixel
 * decoded from the data.
 */
static bool leaves_image_incomplete(int message_code) {
    switch (message_code) {
    case JWRN_JPEG_EOF:
    case JWRN_HIT_MARKER:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_ARITH_BAD_CODE:
    case JWRN_MUST_RESYNC:
        return true;
    default:
        return false;
    }
}

/* level -1 is a warning (usually corrupt data); levels 0 and up are trace messages. */
static void record_warning(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    sepia_jpeg_errors *errors = (sepia_jpeg_errors *)cinfo->err;
    const int code = cinfo->err->msg_code;
    char message[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, message);
    cinfo->err->num_warnings += 1;
    if (leaves_image_incomplete(code)) {
        sepia_diagnostics_add_incomplete_image_warning(errors->diagnostics, message);
    } else {
        sepia_diagnostics_add_warning(errors->diagnostics, message);
    }
    if (code == JWRN_JPEG_EOF) errors->diagnostics->data_ended_early = true;
}

static void print_nothing(j_common_ptr cinfo) { (void)cinfo; }

void sepia_jpeg_errors_install(sepia_jpeg_errors *errors, j_common_ptr cinfo, sepia_diagnostics *diagnostics) {
    cinfo->err = jpeg_std_error(&errors->manager);
    errors->manager.error_exit = record_error_and_jump;
    errors->manager.emit_message = record_warning;
    errors->manager.output_message = print_nothing;
    errors->diagnostics = diagnostics;
}

_Noreturn void sepia_jpeg_errors_exit(j_common_ptr cinfo, const char *message, sepia_status status) {
    sepia_jpeg_errors *errors = (sepia_jpeg_errors *)cinfo->err;
    sepia_diagnostics_set_error(errors->diagnostics, message);
    errors->own_status = status;
    longjmp(errors->jump, 1);
}

sepia_status sepia_jpeg_errors_status(const sepia_jpeg_errors *errors) {
    if (errors->own_status != SEPIA_STATUS_OK) return errors->own_status;
    if (errors->manager.msg_code == JERR_OUT_OF_MEMORY) return SEPIA_STATUS_OUT_OF_MEMORY;
    if (errors->diagnostics->data_ended_early) return SEPIA_STATUS_TRUNCATED;
    return SEPIA_STATUS_LIBRARY_ERROR;
}
