#ifndef SEPIA_CODECS_H
#define SEPIA_CODECS_H
/* C shim over libjpeg-turbo and libpng (placeholder until the codecs land). */
int sepia_codecs_version(void);
#endif
