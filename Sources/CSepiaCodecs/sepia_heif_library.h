#ifndef SEPIA_HEIF_LIBRARY_H
#define SEPIA_HEIF_LIBRARY_H

/*
 * Calls heif_init once for the whole process, before the first context is made, so that
 * libheif registers its codec plugins exactly once even when the first decodes start on several
 * threads at the same time. libheif stays initialised until the process ends.
 */
void sepia_heif_library_start(void);

#endif
