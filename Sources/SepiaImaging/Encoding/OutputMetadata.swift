/// What `ImageEncoder` writes into a file besides its pixels.
///
/// Outputs carry nothing by default (`ImageEncoder.encode(_:as:metadata:)` without metadata): no
/// EXIF, so no camera serial numbers or places; the pixels are sRGB, which is what a viewer
/// assumes of an untagged file.
public struct OutputMetadata: Sendable, Hashable {
    /// The EXIF TIFF structure to write (JPEG: an APP1 "Exif" segment; PNG: an eXIf chunk; WebP:
    /// an EXIF chunk; AVIF: an Exif item; JPEG XL: an Exif box), its Orientation tag reset to 1 on
    /// the way since the pixels are upright. A JPEG drops EXIF larger than one segment holds (65,527 bytes).
    public var exif: [UInt8]?
    /// Tag the output as sRGB: Little CMS's sRGB ICC profile in a JPEG's APP2 segments, a WebP's
    /// ICCP chunk or an AVIF's `colr` box; an `sRGB` chunk (with the `gAMA` and `cHRM` the PNG
    /// specification pairs with it) in a PNG. A JPEG XL codestream always names its colour
    /// encoding, sRGB's, whatever this says.
    public var tagsSRGB: Bool

    /// Metadata with the given EXIF, tagged sRGB unless told otherwise.
    public init(exif: [UInt8]?, tagsSRGB: Bool = true) {
        self.exif = exif
        self.tagsSRGB = tagsSRGB
    }

    /// The metadata of `decoded` kept for its output: its EXIF, and the sRGB tag (its pixels
    /// were converted to sRGB when decoded).
    public init(keepingFrom decoded: DecodedImage) {
        self.init(exif: decoded.exif)
    }

    /// `exif` as written: Orientation 1.
    var uprightEXIF: [UInt8]? { exif.map(EXIFOrientation.uprightEXIF) }
}
