#include "sepia_heif_errors.h"

#include <stdio.h>

sepia_status sepia_heif_errors_record(struct heif_error error, sepia_diagnostics *diagnostics) {
    if (error.code == heif_error_Ok) return SEPIA_STATUS_OK;
    sepia_diagnostics_set_error(diagnostics, error.message);
    /* libheif files these under heif_error_Memory_allocation_error, though nothing ran out. */
    if (error.subcode == heif_suberror_Security_limit_exceeded) return SEPIA_STATUS_UNSUPPORTED;
    switch (error.code) {
    case heif_error_Memory_allocation_error:
        return SEPIA_STATUS_OUT_OF_MEMORY;
    case heif_error_Unsupported_feature:
    case heif_error_Unsupported_filetype:
        return SEPIA_STATUS_UNSUPPORTED;
    default:
        break;
    }
    if (error.subcode == heif_suberror_Unsupported_codec) return SEPIA_STATUS_UNSUPPORTED;
    if (error.subcode == heif_suberror_End_of_data) {
        diagnostics->data_ended_early = true;
        return SEPIA_STATUS_TRUNCATED;
    }
    return SEPIA_STATUS_LIBRARY_ERROR;
}
