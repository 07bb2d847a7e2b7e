#include "sepia_jpeg_destination.h"

#include <stdlib.h>

#include <jerror.h>

static void init_destination(j_compress_ptr cinfo) {
    (void)cinfo; /* the buffer is made by sepia_jpeg_growing_destination_install */
}

/* Called when the buffer is full: doubles it. */
static boolean empty_output_buffer(j_compress_ptr cinfo) {
    sepia_jpeg_growing_destination *destination = (sepia_jpeg_growing_destination *)cinfo->dest;
    const size_t used = destination->capacity;
    uint8_t *grown = realloc(destination->bytes, used * 2);
    if (grown == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 0);
    destination->bytes = grown;
    destination->capacity = used * 2;
    destination->manager.next_output_byte = grown + used;
    destination->manager.free_in_buffer = used;
    return TRUE;
}

static void term_destination(j_compress_ptr cinfo) {
    (void)cinfo; /* the length is read by sepia_jpeg_growing_destination_hand_over */
}

void sepia_jpeg_growing_destination_install(sepia_jpeg_growing_destination *destination, j_compress_ptr cinfo,
                                            size_t capacity) {
    destination->capacity = capacity;
    destination->bytes = malloc(capacity);
    if (destination->bytes == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 0);
    destination->manager.init_destination = init_destination;
    destination->manager.empty_output_buffer = empty_output_buffer;
    destination->manager.term_destination = term_destination;
    destination->manager.next_output_byte = destination->bytes;
    destination->manager.free_in_buffer = capacity;
    cinfo->dest = &destination->manager;
}

void sepia_jpeg_growing_destination_hand_over(sepia_jpeg_growing_destination *destination, sepia_encoded_data *output) {
    output->bytes = destination->bytes;
    output->length = destination->capacity - destination->manager.free_in_buffer;
    destination->bytes = NULL;
}
