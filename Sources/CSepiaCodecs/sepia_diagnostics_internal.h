#ifndef SEPIA_DIAGNOSTICS_INTERNAL_H
#define SEPIA_DIAGNOSTICS_INTERNAL_H

#include "sepia_diagnostics.h"

/* Records the error that stops the current call (truncated to SEPIA_MESSAGE_CAPACITY). */
void sepia_diagnostics_set_error(sepia_diagnostics *diagnostics, const char *message);

/* Counts a warning and keeps its text unless it repeats a kept one or the store is full. */
void sepia_diagnostics_add_warning(sepia_diagnostics *diagnostics, const char *message);

/* Records a warning (as sepia_diagnostics_add_warning) that also means the image is incomplete. */
void sepia_diagnostics_add_incomplete_image_warning(sepia_diagnostics *diagnostics, const char *message);

#endif
