/// Chooses the size libwebp decodes a still WebP to when it will be fitted into a box.
///
/// libwebp's rescaler scales to any size while decoding (an area average when shrinking), so
/// the output is the aspect-fit size itself: never smaller, so no detail the final size needs is
/// lost, and never larger than needed. An image that already fits is decoded at full size.
enum WebPDownscale {
    /// `size` fitted into `box` (stored orientation), or `size` itself when the box is empty.
    static func outputSize(of size: PixelSize, fitting box: PixelSize) -> PixelSize {
        guard box.width > 0, box.height > 0 else { return size }
        return size.aspectFit(in: box)
    }
}
