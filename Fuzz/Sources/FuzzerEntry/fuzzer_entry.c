#include <stddef.h>
#include <stdint.h>

#include "fuzzer_entry.h"

/// The harness, defined in Swift with `@_cdecl("LLVMFuzzerTestOneInput")`.
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/// libFuzzer's entry point for programs with a `main` of their own (LibFuzzer.rst, "Using
/// libFuzzer as a library"); in libclang_rt.fuzzer, which -sanitize=fuzzer links.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

int sepia_fuzz_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
