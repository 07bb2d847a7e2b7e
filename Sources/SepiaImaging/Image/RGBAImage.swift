/// An 8-bit RGBA image with straight (non-premultiplied) alpha, stored row by row.
///
/// The pixels live in a copy-on-write array, so an image is cheap to copy and safe to hand
/// from one thread to another: a copy shares its bytes until one side writes.
public struct RGBAImage: Sendable, Equatable {
    /// Bytes per pixel: red, green, blue, alpha.
    public static let bytesPerPixel = 4

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from the start of one row to the start of the next (at least `width * 4`).
    public let bytesPerRow: Int
    /// The pixel bytes, `bytesPerRow * height` of them, in R, G, B, A order.
    public var pixels: [UInt8]

    /// Wraps existing pixel bytes.
    ///
    /// - Precondition: `width` and `height` are positive, `bytesPerRow >= width * 4`, and
    ///   `pixels.count == bytesPerRow * height`.
    public init(width: Int, height: Int, bytesPerRow: Int? = nil, pixels: [UInt8]) {
        let rowBytes = bytesPerRow ?? width * Self.bytesPerPixel
        precondition(width > 0 && height > 0, "an image needs a positive size")
        precondition(rowBytes >= width * Self.bytesPerPixel, "bytesPerRow is too small for the width")
        precondition(pixels.count == rowBytes * height, "pixel buffer does not match the size")
        self.width = width
        self.height = height
        self.bytesPerRow = rowBytes
        self.pixels = pixels
    }

    /// Makes an image of tightly packed rows whose bytes are written by `fill`.
    ///
    /// The buffer passed to `fill` is not initialised: `fill` must write all
    /// `width * height * 4` bytes. This avoids clearing large buffers that are about to be
    /// overwritten anyway.
    ///
    /// - Precondition: `width` and `height` are positive and the bytes fit in an `Int`
    ///   (`PixelSize.rgbaByteCount`); decoders check the sizes a file announces first.
    public init(
        width: Int, height: Int,
        filling fill: (UnsafeMutableBufferPointer<UInt8>) throws -> Void
    ) rethrows {
        precondition(width > 0 && height > 0, "an image needs a positive size")
        guard let count = PixelSize(width: width, height: height).rgbaByteCount else {
            preconditionFailure("a \(width)x\(height) image has more bytes than an Int counts")
        }
        let bytes = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            try fill(buffer)
            initialized = count
        }
        self.init(width: width, height: height, pixels: bytes)
    }

    /// Makes an image filled with one colour.
    public init(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.init(width: width, height: height) { buffer in
            var index = 0
            while index < buffer.count {
                buffer[index] = red
                buffer[index + 1] = green
                buffer[index + 2] = blue
                buffer[index + 3] = alpha
                index += 4
            }
        }
    }

    /// The number of pixels, `width * height`.
    public var pixelCount: Int { width * height }

    /// The pixel at column `x`, row `y` as (red, green, blue, alpha).
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
        let offset = y * bytesPerRow + x * Self.bytesPerPixel
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
    }

    /// Sets the pixel at column `x`, row `y`.
    public mutating func setPixel(x: Int, y: Int, red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
        let offset = y * bytesPerRow + x * Self.bytesPerPixel
        pixels[offset] = red
        pixels[offset + 1] = green
        pixels[offset + 2] = blue
        pixels[offset + 3] = alpha
    }

    /// True when every pixel is fully opaque.
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { bytes in
            for row in 0..<height {
                var offset = row * bytesPerRow + 3
                let end = row * bytesPerRow + width * Self.bytesPerPixel
                while offset < end {
                    if bytes[offset] != 255 { return false }
                    offset += 4
                }
            }
            return true
        }
    }
}
