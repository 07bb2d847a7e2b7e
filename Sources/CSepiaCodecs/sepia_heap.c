#include "sepia_heap.h"

#include <limits.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int sepia_keep_freed_memory(size_t mmap_threshold, size_t trim_threshold) {
#if defined(__GLIBC__)
    if (mmap_threshold > INT_MAX || trim_threshold > INT_MAX) return 0;
    int mmap_set = mallopt(M_MMAP_THRESHOLD, (int)mmap_threshold);
    int trim_set = mallopt(M_TRIM_THRESHOLD, (int)trim_threshold);
    return mmap_set == 1 && trim_set == 1;
#else
    (void)mmap_threshold;
    (void)trim_threshold;
    return 0;
#endif
}
