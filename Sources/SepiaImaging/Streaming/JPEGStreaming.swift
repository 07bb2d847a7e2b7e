public import Foundation

/// Decodes a JPEG (or a PNG), changes its colours, fits it into a box if asked and encodes it as
/// a JPEG a band of rows at a time, so that the photo never exists whole in memory.
///
/// Two ways for a JPEG, both band by band (a PNG takes the second, `transcodePNG`):
/// - **Planes**, for a YCbCr 4:2:0 photo (what cameras and most sites store) with no colour
///   profile to convert from, kept at full size or fitted into a box that DCT scaling alone
///   reaches (a 640 × 480 photo into 320 × 240): libjpeg's raw data, 16 luma and 8 chroma rows
///   at a time, goes from the decoder through `YCbCrColorMatrixKernel` to the encoder, which
///   takes planes: no chroma upsampling, no colour conversion either way, one pass over the
///   samples (scaled, the decoder gives each pixel its own chroma, which the kernel brings down
///   to 4:2:0). The output is visually identical to the RGB path's, not byte for byte: the
///   chroma is not interpolated and the rounding differs (the catalog's "Streaming" article).
/// - **RGBA rows** otherwise: libjpeg-turbo hands out ``bandRows`` decoded rows (DCT-scaled for
///   a thumbnail); they are converted to sRGB (when the photo carries another profile) and
///   filtered with the colour matrix while they are still in the cache, then shrunk
///   (`StreamingResize`) or handed to the encoder as they are. The output is byte for byte what
///   ``ImageDecoder``, ``RGBAImage/apply(_:parallel:)``,
///   ``RGBAImage/resized(toFit:allowUpscaling:parallel:)`` and ``ImageEncoder`` give for the
///   same photo and settings: the same header checks and scaling (`JPEGDecompression`), colour
///   transform, kernels and encoder settings.
///
/// Memory per photo is one band and the libraries' own row buffers, instead of a frame.
/// Photos that need the whole image at once are not streamed: ``transcode(_:matrix:quality:keepingMetadata:options:)``
/// returns nil for them and the caller takes the whole-image path.
public enum JPEGStreaming {
    /// Rows decoded, filtered and encoded at a time: one iMCU row of a 4:2:0 photo at full scale.
    public static let bandRows = 16

    /// A streamed photo.
    public struct Output: Sendable {
        /// The encoded JPEG.
        public var bytes: [UInt8]
        /// The size of the output.
        public var size: PixelSize
        /// The size the photo was decoded to (after DCT scaling, before the resize).
        public var decodedSize: PixelSize
        /// What the decoder reported and `options.damagePolicy` accepted, as in ``DecodedImage/warnings``.
        public var warnings: [String]
        /// Whether it went through YCbCr planes rather than RGBA rows (the two ways above): the
        /// planes' output is visually identical to the rows', not byte for byte.
        public internal(set) var isFromPlanes = false
    }

    /// The JPEG of `bytes` with `matrix` applied (unchanged colours for nil), fitted into
    /// `options.targetSize` when there is one (aspect fit, never enlarged, DCT scaling first),
    /// encoded at `quality` like ``ImageEncodingFormat/jpeg(quality:)``; or nil when the photo is
    /// neither a JPEG nor a PNG, or needs the whole-image path (for a PNG, see `transcodePNG`):
    /// - an EXIF orientation other than up, when `options` apply it (turning needs every row);
    /// - CMYK or YCCK samples.
    ///
    /// - Parameter keepingMetadata: write the photo's EXIF (orientation reset to 1) and an sRGB
    ///   profile, as ``OutputMetadata/init(keepingFrom:)`` keeps them; nothing otherwise.
    /// - Throws: `ImageDecodingError` as ``ImageDecoder/decode(_:options:)`` would throw it
    ///   for the same bytes and options (a stream that breaks mid-photo is `.truncated` or
    ///   `.corrupt` under the default damage policy, and no bytes are returned), or
    ///   `ImageEncodingError` as ``ImageEncoder/encode(_:as:metadata:)`` would.
    public static func transcode(
        _ bytes: some ContiguousBytes, matrix: ColorMatrix?, quality: Int, keepingMetadata: Bool, options: ImageDecodingOptions
    ) throws -> Output? {
        try bytes.withUnsafeBytes { data in
            switch ImageFormat.detect(data) {
            case .jpeg: break
            case .png: return try transcodePNG(data, matrix: matrix, quality: quality, keepingMetadata: keepingMetadata, options: options)
            default: return nil
            }
            let jpeg = try JPEGDecompression(data, options: options)
            guard !jpeg.isCMYK, jpeg.orientation == .up || !options.appliesEXIFOrientation else { return nil }
            return try transcode(jpeg, matrix: matrix, quality: quality, keepingMetadata: keepingMetadata, options: options)
        }
    }

    private static func transcode(
        _ jpeg: JPEGDecompression, matrix: ColorMatrix?, quality: Int, keepingMetadata: Bool, options: ImageDecodingOptions
    ) throws -> Output {
        var profileWarnings: [String] = []
        let transform = jpeg.colorTransform(for: options, warnings: &profileWarnings)
        let metadata = keepingMetadata ? OutputMetadata(exif: jpeg.exif) : nil
        let (width, height, denominator) = try jpeg.scale(for: options)
        let decodedSize = PixelSize(width: width, height: height)
        let size = options.targetSize.map { decodedSize.aspectFit(in: $0) } ?? decodedSize
        if size == decodedSize, transform == nil, jpeg.hasYCbCr420Planes {
            return try transcodePlanes(
                jpeg, scaledBy: denominator, to: size, matrix: matrix, quality: quality, metadata: metadata, options: options,
                profileWarnings: profileWarnings)
        }
        try options.admit(
            width: width, height: height, holding: bandFootprint(of: decodedSize, fittedTo: size, plus: jpeg.coefficientBytes))
        try jpeg.start()
        let bytes = try encodeRows(
            of: decodedSize, fittedTo: size, transform: transform, matrix: matrix, quality: quality, metadata: metadata,
            readRows: jpeg.readRows(into:bytesPerRow:capacity:))
        try jpeg.finish()
        let warnings = try jpeg.report.acceptedWarnings(format: .jpeg, policy: options.damagePolicy)
        return Output(bytes: bytes, size: size, decodedSize: decodedSize, warnings: warnings + profileWarnings)
    }

    /// What ``encodeRows(of:fittedTo:transform:matrix:quality:metadata:readRows:)`` holds at once
    /// for a `decodedSize` image fitted to `size`: a band of rows, the resize's rows, and
    /// `otherBytes` of the decoder's (a progressive JPEG's coefficients).
    static func bandFootprint(of decodedSize: PixelSize, fittedTo size: PixelSize, plus otherBytes: UInt64 = 0) -> DecodeFootprint {
        let resize = size == decodedSize ? 0 : StreamingResize.workingBytes(source: decodedSize, target: size)
        return .rows(bandRows, plus: otherBytes + resize)
    }

    /// The JPEG of a `decodedSize` image whose RGBA rows `readRows` hands out ``bandRows`` at a
    /// time (it fills the buffer it is given, rows `bytesPerRow` apart, and returns how many it
    /// wrote, 0 at the end): each band converted to sRGB by `transform`, filtered by `matrix`,
    /// shrunk to `size` (`StreamingResize`) and encoded.
    static func encodeRows(
        of decodedSize: PixelSize, fittedTo size: PixelSize, transform: ColorTransform?, matrix: ColorMatrix?, quality: Int,
        metadata: OutputMetadata?,
        readRows: (_ rows: UnsafeMutablePointer<UInt8>, _ bytesPerRow: Int, _ capacity: Int) throws -> Int
    ) throws -> [UInt8] {
        let width = decodedSize.width
        let kernel = matrix.map(ColorMatrixKernel.init)
        let encoder = try JPEGBandEncoder(width: size.width, height: size.height, quality: quality, metadata: metadata)
        var resize = size == decodedSize ? nil : StreamingResize(source: decodedSize, target: size)
        let bytesPerRow = width * RGBAImage.bytesPerPixel
        // On the heap, not the stack: a band of a 65,500-pixel-wide photo is 4 MB.
        let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: bytesPerRow * bandRows)
        defer { rows.deallocate() }
        while case let count = try readRows(rows, bytesPerRow, bandRows), count > 0 {
            transform?.apply(rows: 0..<count, of: rows, width: width, bytesPerRow: bytesPerRow)
            kernel?.run(from: rows, to: rows, pixelCount: count * width)
            if resize != nil {
                try resize!.add(rows, bytesPerRow: bytesPerRow, count: count) { row in
                    try encoder.write(row, bytesPerRow: size.width * RGBAImage.bytesPerPixel, count: 1)
                }
            } else {
                try encoder.write(rows, bytesPerRow: bytesPerRow, count: count)
            }
        }
        return try encoder.finish()
    }

    /// A YCbCr 4:2:0 photo with no profile to convert from, decoded at 1/`denominator` of its
    /// stored size (`size`, needing no resize), as planes: libjpeg's raw data out of the decoder
    /// and into the encoder, with `matrix` applied by `YCbCrColorMatrixKernel` (or nothing, for
    /// nil, at full scale) in between. No colour conversion either way; at full scale no chroma
    /// upsampling, and scaled, where libjpeg decodes the chroma at the luma's resolution, the
    /// kernel brings it down to 4:2:0 (with the identity matrix for nil). The RGB path's output
    /// to within its chroma interpolation and rounding.
    private static func transcodePlanes(
        _ jpeg: JPEGDecompression, scaledBy denominator: Int, to size: PixelSize, matrix: ColorMatrix?, quality: Int,
        metadata: OutputMetadata?, options: ImageDecodingOptions, profileWarnings: [String]
    ) throws -> Output {
        let scaled = denominator > 1
        try options.admit(
            width: size.width, height: size.height,
            holding: DecodeFootprint(
                otherBytes: jpeg.coefficientBytes + YCbCr420Band.byteCount(width: size.width, fullResolutionChroma: scaled)))
        let kernel = (scaled ? matrix ?? .identity : matrix).map(YCbCrColorMatrixKernel.init)
        let encoder = try JPEGBandEncoder(
            width: size.width, height: size.height, quality: quality, metadata: metadata, input: .ycbcr420Planes)
        let rowLengths = try jpeg.startPlanes(denominator: denominator)
        let band =
            rowLengths.fullResolutionChroma
            ? YCbCr420Band(scaledRowLength: max(rowLengths.luma, rowLengths.chroma))
            : YCbCr420Band(lumaRowLength: rowLengths.luma, chromaRowLength: rowLengths.chroma)
        while try jpeg.readPlanes(into: band) > 0 {
            kernel?.run(on: band)
            try encoder.write(band)
        }
        try jpeg.finish()
        let warnings = try jpeg.report.acceptedWarnings(format: .jpeg, policy: options.damagePolicy)
        return Output(
            bytes: try encoder.finish(), size: size, decodedSize: size, warnings: warnings + profileWarnings, isFromPlanes: true)
    }
}
