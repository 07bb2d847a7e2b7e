/// How `ImageDecoder` decodes: downscaling on decode, the pixel limit, EXIF orientation, colour
/// conversion and what to do with damaged data.
public struct ImageDecodingOptions: Sendable, Hashable {
    /// The default `pixelLimit`: 100 megapixels (400 MB of RGBA).
    public static let defaultPixelLimit = 100_000_000

    /// What to do when libjpeg or libpng reported damaged data but still produced an image.
    public enum DamagePolicy: Sendable, Hashable {
        /// Any warning from the library is an error: `.truncated` when the data ended early,
        /// `.corrupt` with the library's warning otherwise.
        case strict
        /// The default: an image is returned only if every pixel was decoded from the data.
        /// Data that ends early is `.truncated`, and scan data that stops short or cannot be
        /// decoded is `.corrupt`: libjpeg would fill the rest with flat grey, which must not be
        /// shown or cached as if it were the photo. Problems that leave the pixels intact (stray
        /// bytes before a JPEG marker, a bad ICC marker, a PNG without its IEND chunk, a
        /// damaged ancillary PNG chunk) are accepted, as browsers do, and listed in
        /// `DecodedImage.warnings`.
        case rejectIncomplete
        /// Returns whatever could be decoded, truncated JPEGs included (grey where the data is
        /// missing), listing the problems in `DecodedImage.warnings`. A PNG whose image data is
        /// cut short is still an error: libpng stops and has no partial image to give.
        case lenient
    }

    /// A box, in upright (displayed) pixels, that the caller will fit the image into keeping
    /// its aspect ratio. When set, a JPEG is decoded straight to a smaller size with libjpeg's DCT scaling (1/2,
    /// 1/4 or 1/8): the strongest reduction whose result still covers the aspect-fit size of
    /// the image in this box, so that a later resize only has to shrink, with full quality.
    /// The box is in upright pixels, so EXIF orientations 5–8 swap it before the choice.
    /// A still WebP is scaled while decoding by libwebp to exactly the aspect-fit size (an
    /// animated one comes out at full size). PNG, GIF, BMP, TIFF, HEIF and JPEG XL (libjxl 0.7
    /// has no reduced-size decoding) have no such scaling and are always decoded at full size.
    public var targetSize: PixelSize?

    /// The most pixels a decoded image may have, checked from the header before any large
    /// allocation. For a JPEG it applies to the output size after DCT scaling, and libjpeg's
    /// full-size coefficient buffer of progressive JPEGs must also fit in `pixelLimit × 4`
    /// bytes, the memory the limit allows for RGBA output. For a WebP it applies to the stored
    /// canvas whatever the output size (libwebp's lossless and animation decoders hold it whole),
    /// for a GIF to the logical screen and to the first frame.
    public var pixelLimit: Int

    /// Whether the EXIF orientation of a JPEG, a WebP or a TIFF, or a JPEG XL codestream's, is
    /// applied, so that the image comes out upright as every photo viewer shows it. When false,
    /// the pixels come out as stored and `DecodedImage.orientation` still reports the tag.
    public var appliesEXIFOrientation: Bool

    /// What to do with damaged data; see `DamagePolicy`.
    public var damagePolicy: DamagePolicy

    /// Whether pixels are converted to sRGB from the colour profile the file carries (an ICC
    /// profile, or a PNG's `gAMA`/`cHRM`), so that they show as the photographer saw them. When
    /// false, samples come out as stored (CMYK JPEGs converted naively) and
    /// `DecodedImage.sourceColorProfile` still reports the profile.
    public var convertsToSRGB: Bool

    /// Asked for the bytes a decode will hold before its decoder allocates them, and may make
    /// it wait or refuse it (see ``MemoryAdmission``); nil admits everything. Every decoder asks
    /// it once the header has given the size, right after the pixel limit is checked: for the
    /// decoded image, its oriented copy and the library's own large buffers (a progressive
    /// JPEG's coefficients, libwebp's canvas, libheif's planes, libtiff's strip); the streamed
    /// JPEG and PNG paths (`JPEGStreaming`) only for the band of rows they hold at once.
    public var memoryAdmission: MemoryAdmissionHook?

    /// Options with the given values; the defaults decode at full size, upright, in sRGB,
    /// refusing incomplete images and images over 100 megapixels.
    public init(
        targetSize: PixelSize? = nil,
        pixelLimit: Int = ImageDecodingOptions.defaultPixelLimit,
        appliesEXIFOrientation: Bool = true,
        damagePolicy: DamagePolicy = .rejectIncomplete,
        convertsToSRGB: Bool = true
    ) {
        self.targetSize = targetSize
        self.pixelLimit = pixelLimit
        self.appliesEXIFOrientation = appliesEXIFOrientation
        self.damagePolicy = damagePolicy
        self.convertsToSRGB = convertsToSRGB
    }

    /// The bytes `pixelLimit` allows at `bytesPerPixel` bytes a pixel, for a library's own
    /// buffers: 0 for a negative limit, `UInt64.max` when the product overflows (any limit is
    /// safe).
    func byteLimit(bytesPerPixel: Int) -> UInt64 {
        let (bytes, overflow) = UInt64(max(pixelLimit, 0)).multipliedReportingOverflow(by: UInt64(bytesPerPixel))
        return overflow ? .max : bytes
    }

    /// The one check every decoder makes once it knows the size of what it will decode, before
    /// any large allocation: the pixel limit (``checkPixelLimit(width:height:)``), then
    /// `memoryAdmission`, when there is one, asked for the bytes `footprint` holds at that
    /// size; throws what either throws. A decoder that streams asks for its band, not the whole
    /// image.
    func admit(width: Int, height: Int, holding footprint: DecodeFootprint) throws {
        let imageBytes = try checkPixelLimit(width: width, height: height)
        try memoryAdmission?.admission.admit(bytes: footprint.bytes(width: width, imageBytes: imageBytes))
    }

    /// Throws `.tooLarge` when a `width` × `height` output would exceed `pixelLimit`, or when its
    /// RGBA bytes would not even fit in an `Int` (whatever the limit; safe for any sides a header
    /// announces, see `PixelSize.rgbaByteCount`); returns those bytes. A decoder that can check
    /// its data before it allocates (TIFF) checks the size first, then the data, then asks
    /// ``admit(width:height:holding:)``: damaged data is refused without waiting for memory.
    @discardableResult
    func checkPixelLimit(width: Int, height: Int) throws -> Int {
        guard let imageBytes = PixelSize(width: width, height: height).rgbaByteCount,
            imageBytes / RGBAImage.bytesPerPixel <= pixelLimit
        else { throw ImageDecodingError.tooLarge(width: width, height: height, limit: pixelLimit) }
        return imageBytes
    }
}
