/// A size in whole pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Makes a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// A square of `side` × `side`, for "at most `side` pixels on the longer side".
    public init(square side: Int) {
        self.init(width: side, height: side)
    }

    /// The size with its sides swapped.
    public var transposed: PixelSize { PixelSize(width: height, height: width) }

    /// `width` × `height`.
    ///
    /// - Precondition: the product fits in an `Int`. Sizes read from a file must pass
    ///   ``rgbaByteCount`` first (decoders do, through the pixel limit), so that no header can
    ///   make it overflow.
    public var pixelCount: Int { width * height }

    /// The bytes of an RGBA image of this size, `width` × `height` × 4, or nil when a side is
    /// negative or the product does not fit in an `Int`. Overflow-safe for any sides: the one
    /// size computation decoders make on what a header announces before they allocate.
    public var rgbaByteCount: Int? {
        guard width >= 0, height >= 0 else { return nil }
        let (pixels, pixelsOverflow) = width.multipliedReportingOverflow(by: height)
        let (bytes, bytesOverflow) = pixels.multipliedReportingOverflow(by: RGBAImage.bytesPerPixel)
        return pixelsOverflow || bytesOverflow ? nil : bytes
    }

    /// "WIDTHxHEIGHT", as in `1024x768`.
    public var description: String { "\(width)x\(height)" }

    /// The largest size with this size's aspect ratio that fits inside `box` ("aspect fit").
    ///
    /// Each side is rounded to the nearest pixel and is at least 1. Unless `allowUpscaling`
    /// is true, a size that already fits is returned unchanged.
    public func aspectFit(in box: PixelSize, allowUpscaling: Bool = false) -> PixelSize {
        precondition(width > 0 && height > 0 && box.width > 0 && box.height > 0, "sizes must be positive")
        if !allowUpscaling && width <= box.width && height <= box.height {
            return self
        }
        // Compare the ratios exactly in integers: the side that limits the scale is the one
        // whose box-to-image ratio is smaller. In 128 bits, so that no pair of sizes overflows
        // (2 × (2⁶³ − 1)² + 2⁶³ < 2¹²⁷), and each fitted side is at most its box side.
        let (imageWidth, imageHeight) = (Int128(width), Int128(height))
        let (boxWidth, boxHeight) = (Int128(box.width), Int128(box.height))
        if boxWidth * imageHeight <= boxHeight * imageWidth {
            let fittedHeight = (2 * imageHeight * boxWidth + imageWidth) / (2 * imageWidth)
            return PixelSize(width: box.width, height: Int(min(max(fittedHeight, 1), boxHeight)))
        } else {
            let fittedWidth = (2 * imageWidth * boxHeight + imageHeight) / (2 * imageHeight)
            return PixelSize(width: Int(min(max(fittedWidth, 1), boxWidth)), height: box.height)
        }
    }
}

extension RGBAImage {
    /// The image's size.
    public var size: PixelSize { PixelSize(width: width, height: height) }
}
