public import Foundation

/// Why `ImageEncoder` could not encode an image.
public enum ImageEncodingError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// A quality outside the range `format` accepts (`accepted`: 1...100 for JPEG, AVIF and JPEG XL,
    /// 0...100 for WebP).
    case invalidQuality(Int, format: ImageFormat, accepted: ClosedRange<Int>)
    /// The image is wider or taller than the format can store (see `ImageFormat.maximumDimension`).
    case unsupportedSize(width: Int, height: Int, format: ImageFormat)
    /// The encoding library refused to encode; `reason` is the library's own message.
    case failed(format: ImageFormat, reason: String)
    /// Memory ran out while encoding.
    case outOfMemory

    /// A sentence for logs and error rows.
    public var description: String {
        switch self {
        case let .invalidQuality(quality, format, accepted):
            "Quality \(quality) is outside \(format)'s range (\(accepted.lowerBound)...\(accepted.upperBound))."
        case let .unsupportedSize(width, height, format):
            "A \(width)×\(height) image is too large for \(format) (at most \(format.maximumDimension) pixels a side)."
        case let .failed(format, reason):
            "\(format) encoding failed: \(reason)."
        case .outOfMemory:
            "There was not enough memory to encode the image."
        }
    }

    /// The same sentence as `description`, for Foundation's `localizedDescription`.
    public var errorDescription: String? { description }
}
