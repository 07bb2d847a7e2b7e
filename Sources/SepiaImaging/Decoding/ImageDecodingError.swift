public import Foundation

/// Why `ImageDecoder` could not produce an image.
///
/// Every failure of the codecs ends up here, as a value: libjpeg's and libpng's errors are
/// caught inside the C shim, so bad data never crashes or exits the process.
public enum ImageDecodingError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// There were no bytes at all.
    case empty
    /// The bytes are in no format Sepia decodes. The text says what they look like instead,
    /// such as "an HTML page", "a PDF document" or "bytes 00 11 22 33".
    case unsupportedFormat(String)
    /// The image would have more pixels than `limit` (see `ImageDecodingOptions.pixelLimit`).
    /// The size is the one that was refused: the output size after any JPEG DCT scaling, or the
    /// full size for a progressive JPEG, which libjpeg buffers at full size whatever the scale.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// The data ends before the image is complete (a cut-off download, usually).
    case truncated(format: ImageFormat)
    /// The decoder refused the data; `reason` is the library's own message (for BMP, decoded
    /// in Swift, what the header gets wrong).
    case corrupt(format: ImageFormat, reason: String)
    /// The data is well formed but needs something this build cannot decode: a codec libheif
    /// here lacks, a TIFF layout the decoder does not convert. `reason` says what.
    case unsupportedFeature(format: ImageFormat, reason: String)
    /// Memory ran out while decoding.
    case outOfMemory
    /// An animation holds more frames than `limit` (``AnimationLimits/frameLimit``); `count` is
    /// how many were counted, one past the limit at least.
    case tooManyFrames(format: ImageFormat, count: Int, limit: Int)
    /// Decoding every frame of an animation would write more than `limit` pixels
    /// (``AnimationLimits/drawnPixelLimit``): `drawnPixels` is the file's figure.
    case animationTooLarge(format: ImageFormat, drawnPixels: Int, limit: Int)

    /// A sentence for logs and error rows.
    public var description: String {
        switch self {
        case .empty:
            "The data is empty: there is no image in it."
        case .unsupportedFormat(let seen):
            "The data is no image Sepia decodes; it looks like \(seen)."
        case let .tooLarge(width, height, limit):
            "The image is \(width)×\(height) pixels, more than the limit of \(limit) pixels."
        case .truncated(let format):
            "The \(format) data ends before the image is complete (the file is truncated)."
        case let .corrupt(format, reason):
            "The \(format) data is corrupt: \(reason)."
        case let .unsupportedFeature(format, reason):
            "The \(format) image cannot be decoded here: \(reason)."
        case .outOfMemory:
            "There was not enough memory to decode the image."
        case let .tooManyFrames(format, count, limit):
            "The \(format) animation has \(count) frames or more, more than the limit of \(limit) frames."
        case let .animationTooLarge(format, drawnPixels, limit):
            "The \(format) animation would draw \(drawnPixels) pixels over its frames, more than the limit of \(limit)."
        }
    }

    /// The same sentence as `description`, for Foundation's `localizedDescription`.
    public var errorDescription: String? { description }
}
