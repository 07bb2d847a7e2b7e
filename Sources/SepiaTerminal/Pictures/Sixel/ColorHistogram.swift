import SepiaImaging

/// The colours of a picture's opaque pixels, gathered in 32 × 32 × 32 bins (5 bits a channel):
/// each occupied bin keeps its pixel count and the mean of its pixels' exact colours, so the
/// palette made from the bins loses nothing to their coarseness but the spread inside a bin.
struct ColorHistogram {
    /// One occupied bin.
    struct Entry {
        /// The mean colour of the bin's pixels, rounded to nearest (0–255 each).
        var red: Int32
        var green: Int32
        var blue: Int32
        /// How many pixels fell in the bin.
        var count: Int32

        /// The channel `axis` (0 red, 1 green, 2 blue).
        subscript(axis: Int) -> Int32 {
            axis == 0 ? red : axis == 1 ? green : blue
        }
    }

    /// The occupied bins, in no particular order.
    let entries: [Entry]

    /// The histogram of `image`'s pixels whose alpha is at least `SixelEncoder.opaqueAlpha`.
    init(_ image: RGBAImage) {
        let binCount = 1 << 15
        var counts = [Int32](repeating: 0, count: binCount)
        var sums = [Int](repeating: 0, count: binCount * 3)
        image.pixels.withUnsafeBufferPointer { pixels in
            counts.withUnsafeMutableBufferPointer { counts in
                sums.withUnsafeMutableBufferPointer { sums in
                    for row in 0..<image.height {
                        var offset = row * image.bytesPerRow
                        let end = offset + image.width * RGBAImage.bytesPerPixel
                        while offset < end {
                            defer { offset += RGBAImage.bytesPerPixel }
                            guard pixels[offset + 3] >= SixelEncoder.opaqueAlpha else { continue }
                            let red = Int32(pixels[offset]), green = Int32(pixels[offset + 1]), blue = Int32(pixels[offset + 2])
                            let bin = Int((red >> 3) << 10 | (green >> 3) << 5 | blue >> 3)
                            counts[bin] += 1
                            sums[bin * 3] += Int(red)
                            sums[bin * 3 + 1] += Int(green)
                            sums[bin * 3 + 2] += Int(blue)
                        }
                    }
                }
            }
        }
        var entries: [Entry] = []
        for bin in 0..<binCount where counts[bin] > 0 {
            let count = Int(counts[bin])
            func mean(_ sum: Int) -> Int32 { Int32((sum + count / 2) / count) }
            entries.append(
                Entry(red: mean(sums[bin * 3]), green: mean(sums[bin * 3 + 1]), blue: mean(sums[bin * 3 + 2]), count: Int32(count)))
        }
        self.entries = entries
    }
}
