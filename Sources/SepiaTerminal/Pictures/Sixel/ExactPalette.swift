import SepiaImaging

/// A picture's own colours as its palette, when it has few enough: then every opaque pixel
/// keeps its colour (within a register's percent steps), with no quantisation or dithering.
enum ExactPalette {
    /// `image` as indices into its distinct opaque colours, in order of first appearance, or
    /// nil when it has more than `maximumCount` of them. Pixels whose alpha is below
    /// `SixelEncoder.opaqueAlpha` are `IndexedImage.transparent`. A photo gives up within its
    /// first few rows, so asking costs little.
    static func indexed(_ image: RGBAImage, maximumCount: Int) -> IndexedImage? {
        // Open addressing, at most a quarter full: keys are 0x01RRGGBB (0 is an empty slot).
        var bits = 2
        while 1 << bits < 4 * max(maximumCount, 1) { bits += 1 }
        var keys = [UInt32](repeating: 0, count: 1 << bits)
        var values = [UInt16](repeating: 0, count: 1 << bits)
        var palette: [RGB] = []
        var indices = [UInt16](repeating: IndexedImage.transparent, count: image.pixelCount)
        let mask = (1 << bits) - 1
        let found = image.pixels.withUnsafeBufferPointer { pixels in
            indices.withUnsafeMutableBufferPointer { indices in
                for row in 0..<image.height {
                    for column in 0..<image.width {
                        let offset = row * image.bytesPerRow + column * RGBAImage.bytesPerPixel
                        guard pixels[offset + 3] >= SixelEncoder.opaqueAlpha else { continue }
                        let key = 0x0100_0000 | UInt32(pixels[offset]) << 16 | UInt32(pixels[offset + 1]) << 8 | UInt32(pixels[offset + 2])
                        var slot = Int((key &* 0x9E37_79B1) >> UInt32(32 - bits))
                        while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & mask }
                        if keys[slot] == 0 {
                            guard palette.count < maximumCount else { return false }
                            keys[slot] = key
                            values[slot] = UInt16(palette.count)
                            palette.append(RGB(pixels[offset], pixels[offset + 1], pixels[offset + 2]))
                        }
                        indices[row * image.width + column] = values[slot]
                    }
                }
                return true
            }
        }
        return found ? IndexedImage(width: image.width, height: image.height, indices: indices, palette: palette) : nil
    }
}
