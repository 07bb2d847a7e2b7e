import FuzzerEntry

/// The program's `main` (SwiftPM renames it to `ContentDecoderFuzzer_main`): libFuzzer's driver.
@_cdecl("ContentDecoderFuzzer_main")
func entryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    sepia_fuzz_main(argc, argv)
}
