/// An image decoded by `ImageDecoder`, with what was learnt on the way.
public struct DecodedImage: Sendable, Equatable {
    /// The pixels, upright unless `ImageDecodingOptions.appliesEXIFOrientation` was false.
    public var image: RGBAImage
    /// The format found from the data's magic number.
    public var format: ImageFormat
    /// Width stored in the file (a GIF's logical screen, a WebP animation's canvas), before any
    /// scaling on decode and orientation.
    public var sourceWidth: Int
    /// Height stored in the file, before any scaling on decode and orientation.
    public var sourceHeight: Int
    /// The JPEG DCT scaling used: the image was decoded at 1/`scaleDenominator` of the stored
    /// size (rounded up). 1, 2, 4 or 8 for JPEG; always 1 for the other formats. WebP scales to
    /// any size instead, so a scaled WebP also says 1: compare the image's size with
    /// `sourceWidth` and `sourceHeight` to learn its scale.
    public var scaleDenominator: Int
    /// The EXIF orientation found in the file (`.up` when there is none or it is unreadable).
    public var orientation: EXIFOrientation
    /// The ICC profile embedded in the file, or nil when it carried none. The decoder reports
    /// it as found; `ImageDecoder` converts the pixels from it to sRGB (unless
    /// `ImageDecodingOptions.convertsToSRGB` is false). A PNG's `gAMA`/`cHRM` chunks, without
    /// `iCCP` or `sRGB`, are reported as the profile they describe, made with Little CMS.
    public var sourceColorProfile: [UInt8]?
    /// The file's EXIF data, the TIFF structure (a JPEG's APP1 "Exif" payload after its
    /// identifier, a PNG's eXIf chunk), as stored: its orientation tag is the file's, whether or
    /// not it was applied. Nil when the file carried none.
    public var exif: [UInt8]?
    /// Problems the library got past, in its own words (empty for clean data); see
    /// `ImageDecodingOptions.DamagePolicy`.
    public var warnings: [String]

    /// Bundles a decode result.
    public init(
        image: RGBAImage, format: ImageFormat, sourceWidth: Int, sourceHeight: Int,
        scaleDenominator: Int, orientation: EXIFOrientation, sourceColorProfile: [UInt8]? = nil,
        exif: [UInt8]? = nil, warnings: [String]
    ) {
        self.image = image
        self.format = format
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.scaleDenominator = scaleDenominator
        self.orientation = orientation
        self.sourceColorProfile = sourceColorProfile
        self.exif = exif
        self.warnings = warnings
    }
}
