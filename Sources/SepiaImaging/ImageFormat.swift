import Foundation

/// An image file format that Sepia decodes and encodes.
///
/// The format of downloaded data is always found from its first bytes (the format's magic
/// number), never from a URL or a file name: servers mislabel files, and an error page is not
/// an image whatever its URL says.
public enum ImageFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// JPEG (JFIF or EXIF), through libjpeg-turbo.
    case jpeg
    /// PNG, through libpng.
    case png

    /// The format whose magic number starts `bytes`, or nil when they are neither JPEG nor PNG.
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
        case .png: "png"
        }
    }

    /// The media type, as in an HTTP Content-Type header.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        }
    }

    /// The largest width or height the format can store: 65,500 for libjpeg, 2³¹ − 1 for PNG.
    public var maximumDimension: Int {
        switch self {
        case .jpeg: 65_500
        case .png: Int(Int32.max)
        }
    }

    /// "JPEG" or "PNG".
    public var description: String { rawValue.uppercased() }

    /// SOI marker and the first byte of the next marker (ITU-T T.81, B.1.1.3 and B.2.1).
    static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]
    /// The PNG file signature (PNG specification, section 5.2).
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The format whose magic number starts `bytes`, if any.
    static func detect(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        if bytes.starts(with: jpegSignature) { return .jpeg }
        if bytes.starts(with: pngSignature) { return .png }
        return nil
    }
}
