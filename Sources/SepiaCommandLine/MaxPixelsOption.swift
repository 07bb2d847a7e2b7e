import ArgumentParser

/// `--max-pixels`, shared by `sepia process`, the terminal browser (`sepia browse`, `sepia
/// demo`) and the desktop window (`sepia-gtk`): it lowers the decoders' limit on a photo's
/// pixels (``OptionCheck/maxPixels``), so that a photo over it fails with the reason.
package struct MaxPixelsOption: ParsableArguments, Sendable {
    @Option(help: ArgumentHelp("Refuse photos with more pixels than this.", valueName: "pixels"))
    package var maxPixels = OptionCheck.maxPixels.upperBound

    package init() {}

    package func validate() throws {
        try OptionCheck.count(maxPixels, "--max-pixels", in: OptionCheck.maxPixels)
    }
}
