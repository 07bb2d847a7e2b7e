/// The preview of an Adam7-interlaced PNG from the part of its data that has arrived (see
/// ``ProgressivePreview/decode(_:fitting:pixelLimit:)``).
enum InterlacedPNGPreview {
    /// Decodes the complete passes of `data` into a grid of every `step`-th pixel, `step` the
    /// largest of 8, 4, 2 (else 1) whose grid still covers the image fitted into `box` (the
    /// rule of JPEG's DCT scaling, `JPEGDownscale`), converts it to sRGB and fits it into `box`.
    /// Nil before the first pass is complete (the chunks before the image data included).
    static func decode(_ data: UnsafeRawBufferPointer, fitting box: PixelSize, options: ImageDecodingOptions) throws
        -> ProgressivePreview?
    {
        let reader: PNGReader
        do {
            reader = try PNGReader(data)
        } catch ImageDecodingError.truncated {
            return nil
        }
        let size = reader.size
        try options.checkPixelLimit(width: size.width, height: size.height)
        let step = JPEGDownscale.denominator(width: size.width, height: size.height, fitting: box)
        let grid = PixelSize(width: (size.width + step - 1) / step, height: (size.height + step - 1) / step)
        var passes = 0
        let canvas = try RGBAImage(width: grid.width, height: grid.height) { pixels in
            passes = try reader.readPasses(step: step, into: pixels)
        }
        guard passes > 0 else { return nil }
        var warnings: [String] = []
        var decoded = DecodedImage(
            image: canvas, format: .png, sourceWidth: size.width, sourceHeight: size.height, scaleDenominator: step,
            orientation: .up, sourceColorProfile: reader.colorProfile(warnings: &warnings), warnings: warnings)
        if options.convertsToSRGB { decoded.convertToSRGB(using: .shared) }
        return ProgressivePreview(
            image: decoded.image.resized(toFit: box, parallel: false), format: .png, completeUnits: passes,
            isFinest: passes >= passesFilling(step: step))
    }

    /// How many passes fill a grid of every `step`-th pixel (as the C shim counts them).
    static func passesFilling(step: Int) -> Int {
        switch step {
        case 8: 1
        case 4: 3
        case 2: 5
        default: 7
        }
    }
}
