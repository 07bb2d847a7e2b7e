public import Foundation

/// An image file format that Sepia decodes (and, for some, encodes).
///
/// The format of downloaded data is always found from its first bytes (the format's magic
/// number), never from a URL or a file name: servers mislabel files, and an error page is not
/// an image whatever its URL says.
public enum ImageFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// JPEG (JFIF or EXIF), through libjpeg-turbo.
    case jpeg
    /// PNG, through libpng.
    case png
    /// WebP (lossy, lossless, with alpha, animated), through libwebp.
    case webp
    /// GIF (the first frame), through giflib.
    case gif
    /// TIFF (the first page), through libtiff.
    case tiff
    /// Windows bitmap.
    case bmp
    /// AVIF (AV1 in HEIF), through libheif.
    case avif
    /// HEIC (HEVC in HEIF, as phones write), through libheif.
    case heic
    /// JPEG XL (a bare codestream or its ISO BMFF container), through libjxl.
    case jxl

    /// The format whose magic number starts `bytes`, or nil when it is none of these.
    ///
    /// Accepts `[UInt8]`, `Data` or any other contiguous bytes without copying them.
    public init?<Bytes: ContiguousBytes>(detecting bytes: Bytes) {
        guard let format = bytes.withUnsafeBytes(ImageFormat.detect) else { return nil }
        self = format
    }

    /// The usual file name extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .tiff: "tif"
        default: rawValue
        }
    }

    /// The media type, as in an HTTP Content-Type header.
    public var mimeType: String { "image/" + rawValue }

    /// The largest width or height the format can store: 65,500 for libjpeg, 16,383 for WebP,
    /// 65,535 for GIF, 262,144 for JPEG XL (2¹⁸, its level 5, which every decoder reads), 2³¹ − 1
    /// for the others (HEIF's own limit is higher than any decoder's).
    public var maximumDimension: Int {
        switch self {
        case .jpeg: 65_500
        case .webp: 16_383
        case .gif: 65_535
        case .jxl: 262_144
        default: Int(Int32.max)
        }
    }

    /// Throws `.unsupportedSize` when a `width` × `height` image is too large for this format
    /// (see ``maximumDimension``): checked by every encoder before it starts.
    func checkEncodable(width: Int, height: Int) throws(ImageEncodingError) {
        guard width <= maximumDimension, height <= maximumDimension else {
            throw ImageEncodingError.unsupportedSize(width: width, height: height, format: self)
        }
    }

    /// "JPEG", "PNG", "WebP", "JPEG XL" and so on.
    public var description: String {
        switch self {
        case .webp: "WebP"
        case .jxl: "JPEG XL"
        default: rawValue.uppercased()
        }
    }

    /// SOI marker and the first byte of the next marker (ITU-T T.81, B.1.1.3 and B.2.1).
    static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]
    /// The PNG file signature (PNG specification, section 5.2).
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The format whose magic number starts `bytes`, if any.
    static func detect(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        if bytes.starts(with: jpegSignature) { return .jpeg }
        if bytes.starts(with: pngSignature) { return .png }
        if MagicNumbers.isWebP(bytes) { return .webp }
        if MagicNumbers.isGIF(bytes) { return .gif }
        if MagicNumbers.isTIFF(bytes) { return .tiff }
        if MagicNumbers.isBMP(bytes) { return .bmp }
        if MagicNumbers.isJXL(bytes) { return .jxl }
        return MagicNumbers.heifFormat(bytes)
    }
}
