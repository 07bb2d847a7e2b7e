#include "sepia_library.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

/* Opens the library and looks its functions up; records the reason when it cannot. */
static void load(sepia_library *library) {
    void *handle = dlopen(library->file, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(library->failure, sizeof library->failure, "%s could not be loaded (%s)", library->file, dlerror());
        return;
    }
    void **found = calloc(library->count, sizeof *found);
    if (found == NULL) {
        snprintf(library->failure, sizeof library->failure, "out of memory loading %s", library->file);
        dlclose(handle);
        return;
    }
    for (size_t index = 0; index < library->count; index++) {
        found[index] = dlsym(handle, library->names[index]);
        if (found[index] == NULL) {
            snprintf(library->failure, sizeof library->failure, "%s lacks %s, which Sepia needs", library->file,
                     library->names[index]);
            free(found);
            dlclose(handle);
            return;
        }
    }
    library->install(found);
    free(found);
    library->loaded = true;
}

bool sepia_library_start(sepia_library *library, sepia_diagnostics *diagnostics) {
    pthread_mutex_lock(&library->lock);
    if (!library->tried) {
        library->tried = true;
        load(library);
    }
    const bool loaded = library->loaded;
    pthread_mutex_unlock(&library->lock);
    if (!loaded) sepia_diagnostics_set_error(diagnostics, library->failure);
    return loaded;
}
