// zlib, from Debian's zlib1g-dev: CRC-32 checksums of disk cache entries.
#include <zlib.h>
