#ifndef SEPIA_HUGE_PAGES_H
#define SEPIA_HUGE_PAGES_H

#include <stddef.h>

/*
 * Asks the kernel to back the whole 2 MB pages inside a large, not yet touched output buffer
 * with transparent huge pages (Linux madvise MADV_HUGEPAGE; nothing elsewhere). A fresh
 * multi-megabyte buffer otherwise costs one page fault per 4 KB when the decoder first writes
 * it, a large share of a full-size JPEG decode. Only a hint: failures are ignored.
 */
void sepia_prefer_huge_pages(void *buffer, size_t length);

#endif
