#ifndef SEPIA_HEIF_ERRORS_H
#define SEPIA_HEIF_ERRORS_H

#include <libheif/heif.h>

#include "sepia_diagnostics_internal.h"

/*
 * Records a failed heif_error's message in `diagnostics` and returns its status: truncated for
 * "end of data", unsupported for a missing codec or feature, out of memory, or a library error.
 * SEPIA_STATUS_OK (and nothing recorded) when `error` is heif_error_Ok.
 */
sepia_status sepia_heif_errors_record(struct heif_error error, sepia_diagnostics *diagnostics);

#endif
