#ifndef SEPIA_JPEG_DESTINATION_H
#define SEPIA_JPEG_DESTINATION_H

#include <stdio.h> /* jpeglib.h needs FILE and size_t first */

#include <jpeglib.h>

#include "sepia_diagnostics.h"

/*
 * libjpeg's output into a malloc'd buffer that doubles when full. Not jpeg_mem_dest's: it keeps
 * the caller's pointer stale after a growth until the file is finished, so an encoder destroyed
 * half-way (a decode that broke under a streamed transcode) would free a freed buffer.
 */
typedef struct sepia_jpeg_growing_destination {
    struct jpeg_destination_mgr manager; /* first member: libjpeg's cinfo->dest points here */
    uint8_t *bytes;                      /* freed by its owner unless handed over */
    size_t capacity;
} sepia_jpeg_growing_destination;

/*
 * Makes `destination` the output of `cinfo`, with a first buffer of `capacity` bytes; call it
 * after jpeg_create_compress, under the caller's setjmp (it fails through ERREXIT when memory
 * is short).
 */
void sepia_jpeg_growing_destination_install(sepia_jpeg_growing_destination *destination, j_compress_ptr cinfo,
                                            size_t capacity);

/* Hands the bytes written, after jpeg_finish_compress, to `output`; the destination lets them go. */
void sepia_jpeg_growing_destination_hand_over(sepia_jpeg_growing_destination *destination, sepia_encoded_data *output);

#endif
