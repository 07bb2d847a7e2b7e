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
    public var pixelCount: Int { width * height }

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
        // whose box-to-image ratio is smaller.
        if box.width * height <= box.height * width {
            let fittedHeight = (2 * height * box.width + width) / (2 * width)
            return PixelSize(width: box.width, height: min(max(fittedHeight, 1), box.height))
        } else {
            let fittedWidth = (2 * width * box.height + height) / (2 * height)
            return PixelSize(width: min(max(fittedWidth, 1), box.width), height: box.height)
        }
    }
}

extension RGBAImage {
    /// The image's size.
    public var size: PixelSize { PixelSize(width: width, height: height) }
}
