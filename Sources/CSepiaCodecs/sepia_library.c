#include "sepia_library.h"

#include <dlfcn.h>
#include <stdio.h>

bool sepia_library_open(const char *file, const char *const *names, void **functions, size_t count, char *failure,
                        size_t failure_size) {
    void *handle = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(failure, failure_size, "%s could not be loaded (%s)", file, dlerror());
        return false;
    }
    for (size_t index = 0; index < count; index++) {
        functions[index] = dlsym(handle, names[index]);
        if (functions[index] == NULL) {
            snprintf(failure, failure_size, "%s lacks %s, which Sepia needs", file, names[index]);
            dlclose(handle);
            return false;
        }
    }
    return true;
}
