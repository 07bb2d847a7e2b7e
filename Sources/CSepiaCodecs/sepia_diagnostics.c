#include "sepia_diagnostics_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void copy_message(char destination[SEPIA_MESSAGE_CAPACITY], const char *message) {
    snprintf(destination, SEPIA_MESSAGE_CAPACITY, "%s", message ? message : "");
}

void sepia_diagnostics_set_error(sepia_diagnostics *diagnostics, const char *message) {
    copy_message(diagnostics->error, message);
}

void sepia_diagnostics_add_warning(sepia_diagnostics *diagnostics, const char *message) {
    diagnostics->total_warnings += 1;
    if (diagnostics->stored_warnings >= SEPIA_MAX_STORED_WARNINGS) return;
    char text[SEPIA_MESSAGE_CAPACITY];
    copy_message(text, message);
    for (int index = 0; index < diagnostics->stored_warnings; index++) {
        if (strcmp(diagnostics->warnings[index], text) == 0) return;
    }
    memcpy(diagnostics->warnings[diagnostics->stored_warnings], text, sizeof text);
    diagnostics->stored_warnings += 1;
}

void sepia_diagnostics_add_incomplete_image_warning(sepia_diagnostics *diagnostics, const char *message) {
    sepia_diagnostics_add_warning(diagnostics, message);
    if (diagnostics->incomplete_image_warning[0] == '\0') copy_message(diagnostics->incomplete_image_warning, message);
}

const char *sepia_diagnostics_error(const sepia_diagnostics *diagnostics) {
    return diagnostics->error;
}

const char *sepia_diagnostics_incomplete_image_warning(const sepia_diagnostics *diagnostics) {
    return diagnostics->incomplete_image_warning;
}

const char *sepia_diagnostics_warning(const sepia_diagnostics *diagnostics, int index) {
    if (index < 0 || index >= diagnostics->stored_warnings) return "";
    return diagnostics->warnings[index];
}

void sepia_encoded_data_free(sepia_encoded_data *data) {
    free(data->bytes);
    data->bytes = NULL;
    data->length = 0;
}
