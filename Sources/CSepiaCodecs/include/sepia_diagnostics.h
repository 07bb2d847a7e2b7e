#ifndef SEPIA_DIAGNOSTICS_H
#define SEPIA_DIAGNOSTICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What every codec call of the shim returns. The details are in a sepia_diagnostics. */
typedef enum sepia_status {
    /* The call did its job (warnings may still have been recorded). */
    SEPIA_STATUS_OK = 0,
    /* The library refused the data or the request; see sepia_diagnostics_error. */
    SEPIA_STATUS_LIBRARY_ERROR = 1,
    /* The input ended before the library had what it needed. */
    SEPIA_STATUS_TRUNCATED = 2,
    /* An allocation failed. */
    SEPIA_STATUS_OUT_OF_MEMORY = 3,
    /* The data is well formed but uses something this build cannot decode (a codec, a layout). */
    SEPIA_STATUS_UNSUPPORTED = 4,
} sepia_status;

/* Longest message kept, terminating NUL included (libjpeg's JMSG_LENGTH_MAX). */
#define SEPIA_MESSAGE_CAPACITY 200
/* How many distinct warnings are kept; the rest are only counted. */
#define SEPIA_MAX_STORED_WARNINGS 8

/*
 * Messages collected during one decode or encode, instead of libjpeg's and libpng's default
 * handlers (which print to stderr and, for libjpeg, call exit()).
 */
typedef struct sepia_diagnostics {
    /* The error that stopped the call, or "" when there was none. */
    char error[SEPIA_MESSAGE_CAPACITY];
    /* The first distinct warnings, in the order they were reported. */
    char warnings[SEPIA_MAX_STORED_WARNINGS][SEPIA_MESSAGE_CAPACITY];
    /* How many entries of `warnings` are filled. */
    int stored_warnings;
    /* How many warnings were reported in all, repeats included. */
    long total_warnings;
    /* True when the input ran out: libjpeg padded the rest of the image, or libpng stopped. */
    bool data_ended_early;
    /*
     * The first warning saying that part of the image could not be decoded from the data and
     * was made up by the library (libjpeg fills with grey), or "" when every pixel was decoded.
     */
    char incomplete_image_warning[SEPIA_MESSAGE_CAPACITY];
} sepia_diagnostics;

/* The error message ("" when none). */
const char *sepia_diagnostics_error(const sepia_diagnostics *diagnostics);

/* The first warning that made the image incomplete ("" when none). */
const char *sepia_diagnostics_incomplete_image_warning(const sepia_diagnostics *diagnostics);

/* Stored warning number `index` (0 ..< stored_warnings), or "" when out of range. */
const char *sepia_diagnostics_warning(const sepia_diagnostics *diagnostics, int index);

/* Bytes produced by an encoder, allocated with malloc. */
typedef struct sepia_encoded_data {
    uint8_t *bytes;
    size_t length;
} sepia_encoded_data;

/* Frees the bytes of `data` (if any) and empties it. */
void sepia_encoded_data_free(sepia_encoded_data *data);

/*
 * What an encoded WebP or AVIF file carries besides its pixels; NULL pointers (or zero lengths)
 * for none. The bytes are the caller's and only read during the call.
 */
typedef struct sepia_output_metadata {
    /* An EXIF TIFF structure (starting "II*\0" or "MM\0*"), or NULL. */
    const uint8_t *exif_tiff;
    size_t exif_tiff_length;
    /* An ICC profile, or NULL. */
    const uint8_t *icc_profile;
    size_t icc_profile_length;
} sepia_output_metadata;

#endif
