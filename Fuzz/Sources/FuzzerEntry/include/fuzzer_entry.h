#ifndef SEPIA_FUZZER_ENTRY_H
#define SEPIA_FUZZER_ENTRY_H

/// Runs libFuzzer's driver (command line, corpus, mutations) on the harness's
/// `LLVMFuzzerTestOneInput`, as libFuzzer's own `main` does.
///
/// SwiftPM links every executable with `--defsym main=<Module>_main` (so that tests can link
/// executables), and that assignment replaces libFuzzer's `main`, or fails to link when the
/// module has no `<Module>_main`: each harness defines it and calls this.
int sepia_fuzz_main(int argc, char **argv);

#endif
