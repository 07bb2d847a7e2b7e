#define _DEFAULT_SOURCE /* MADV_HUGEPAGE */
#include "sepia_huge_pages.h"

#include <stdint.h>
#include <sys/mman.h>

void sepia_prefer_huge_pages(void *buffer, size_t length) {
#ifdef MADV_HUGEPAGE
    const uintptr_t huge_page = (uintptr_t)2 << 20;
    const uintptr_t start = ((uintptr_t)buffer + huge_page - 1) & ~(huge_page - 1);
    const uintptr_t end = ((uintptr_t)buffer + length) & ~(huge_page - 1);
    if (end > start) (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
#else
    (void)buffer;
    (void)length;
#endif
}
