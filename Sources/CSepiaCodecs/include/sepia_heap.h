#ifndef SEPIA_HEAP_H
#define SEPIA_HEAP_H

#include <stddef.h>

/*
 * Sets glibc malloc's M_MMAP_THRESHOLD and M_TRIM_THRESHOLD (mallopt(3)): blocks up to
 * mmap_threshold bytes come from the heap, and up to trim_threshold bytes of free heap are
 * kept instead of being returned to the kernel. Returns 1 when both were accepted, 0
 * otherwise (and always 0 with another C library).
 */
int sepia_keep_freed_memory(size_t mmap_threshold, size_t trim_threshold);

#endif
