#ifndef SEPIA_REFERENCE_H
#define SEPIA_REFERENCE_H
int sepia_reference_placeholder(void);
#endif
