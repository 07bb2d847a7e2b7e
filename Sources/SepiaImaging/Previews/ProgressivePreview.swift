public import Foundation

/// A coarse picture of a photo made from the part of its bytes that has arrived: the complete
/// scans of a progressive JPEG, the complete Adam7 passes of an interlaced PNG. A front end
/// shows it while the rest downloads, until the decoded photo replaces it.
///
/// ```swift
/// // body: the bytes received so far
/// if let preview = try? ProgressivePreview.decode(body, fitting: PixelSize(width: 256, height: 192)) { show(preview.image) }
/// ```
public struct ProgressivePreview: Sendable, Equatable {
    /// The picture, upright and in sRGB, fitted into the box it was asked for (never enlarged).
    public var image: RGBAImage
    /// The format of the photo it comes from: `.jpeg` or `.png`.
    public var format: ImageFormat
    /// How far the photo had come: the complete scans of a JPEG (of its usual ten or so), or
    /// the complete passes of a PNG (of seven). More means more detail.
    public var completeUnits: Int
    /// Whether this preview already holds every detail its box can show: a later one would
    /// look the same (a PNG whose passes fill the box's grid). Never for a JPEG, whose later
    /// scans sharpen every size.
    public var isFinest: Bool

    /// Makes a preview.
    public init(image: RGBAImage, format: ImageFormat, completeUnits: Int, isFinest: Bool) {
        self.image = image
        self.format = format
        self.completeUnits = completeUnits
        self.isFinest = isFinest
    }

    /// Decodes a preview, fitted into `box`, from `prefix`, the bytes of a progressive JPEG or
    /// an interlaced PNG received so far. A JPEG's scan is complete once the marker after it has
    /// come: the prefix is cut there (``ProgressivePrefixScanner/previewableLength``, found
    /// again here) and closed with an EOI marker, then decoded as a whole JPEG with DCT scaling to the box: libjpeg takes the
    /// coefficients the missing scans would refine as zero (ITU-T T.81 G.1.2), so the picture is
    /// the coarse one those scans sharpen. A PNG's complete passes are decoded into a grid just
    /// large enough for the box (`sepia_png_decoder_read_passes`), coarser pixels repeated.
    /// Colour profiles and a JPEG's EXIF orientation are applied as ``ImageDecoder`` does.
    ///
    /// - Returns: nil when the prefix holds no complete scan or pass yet, or the photo is
    ///   neither a progressive JPEG nor an interlaced PNG.
    /// - Throws: `ImageDecodingError` when the prefix is damaged or the photo is over
    ///   `pixelLimit`: no preview can be shown, which says nothing of the whole photo.
    public static func decode<Bytes: ContiguousBytes>(
        _ prefix: Bytes, fitting box: PixelSize, pixelLimit: Int = ImageDecodingOptions.defaultPixelLimit
    ) throws -> ProgressivePreview? {
        let options = ImageDecodingOptions(targetSize: box, pixelLimit: pixelLimit, damagePolicy: .strict)
        return try prefix.withUnsafeBytes { bytes -> ProgressivePreview? in
            var scanner = ProgressivePrefixScanner()
            scanner.update(with: bytes)
            switch scanner.layout {
            case .progressiveJPEG:
                guard scanner.completeScans > 0 else { return nil }
                var closed = [UInt8]()
                closed.reserveCapacity(scanner.previewableLength + 2)
                closed += bytes[..<scanner.previewableLength]
                closed += [0xFF, 0xD9]  // EOI
                let decoded = try ImageDecoder.decode(closed, options: options)
                return ProgressivePreview(
                    image: decoded.image.resized(toFit: box, parallel: false), format: .jpeg,
                    completeUnits: scanner.completeScans, isFinest: false)
            case .interlacedPNG:
                return try InterlacedPNGPreview.decode(bytes, fitting: box, options: options)
            case .undetermined, .none:
                return nil
            }
        }
    }
}
