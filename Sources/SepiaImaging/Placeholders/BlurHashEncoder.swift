import Foundation

/// Writes a BlurHash of a picture: the inverse of ``BlurHash``'s reading.
///
/// Each component (i, j) is the average over the pixels of their linear-light colour times
/// `cos(π x i / W) cos(π y j / H)`, doubled for AC components; the DC one is written as 24-bit
/// sRGB, the AC ones quantised to 19 steps of `sign(v) × √|v|` relative to the largest of them.
/// Alpha is ignored (the picture is taken as opaque).
package enum BlurHashEncoder {
    /// The BlurHash of `image` with `columns` × `rows` components (1 to 9 each).
    ///
    /// The cost grows with the pixels: callers hand in a thumbnail (a few thousand pixels
    /// describe a 4×3 grid as well as millions).
    package static func encode(_ image: RGBAImage, columns: Int = 4, rows: Int = 3) -> String {
        precondition((1...9).contains(columns) && (1...9).contains(rows), "a BlurHash has 1 to 9 components each way")
        let (width, height) = (image.width, image.height)
        // In Double: sums over every pixel, quantised at the end, where Float's rounding could
        // tip a component into the next step.
        let cosX = cosines(count: width, components: columns)
        let cosY = cosines(count: height, components: rows)
        var factors = [Double](repeating: 0, count: columns * rows * 3)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                for x in 0..<width {
                    let offset = y * image.bytesPerRow + x * 4
                    let red = SRGBTransfer.linearDouble[Int(pixels[offset])]
                    let green = SRGBTransfer.linearDouble[Int(pixels[offset + 1])]
                    let blue = SRGBTransfer.linearDouble[Int(pixels[offset + 2])]
                    for j in 0..<rows {
                        let weightY = cosY[y * rows + j]
                        for i in 0..<columns {
                            let weight = cosX[x * columns + i] * weightY
                            let index = (j * columns + i) * 3
                            factors[index] += red * weight
                            factors[index + 1] += green * weight
                            factors[index + 2] += blue * weight
                        }
                    }
                }
            }
        }
        let pixelCount = Double(width * height)
        for index in factors.indices {
            factors[index] *= (index < 3 ? 1 : 2) / pixelCount
        }
        var text = Base83.encode((rows - 1) * 9 + (columns - 1), length: 1)
        let largest = factors.dropFirst(3).map(abs).max() ?? 0
        let maximum: Double
        if largest > 0 {
            let quantised = max(0, min(82, Int((largest * 166 - 0.5).rounded(.down))))
            maximum = Double(quantised + 1) / 166
            text += Base83.encode(quantised, length: 1)
        } else {
            maximum = 1
            text += Base83.encode(0, length: 1)
        }
        let dc = factors[0..<3].reduce(0) { $0 << 8 | Int(SRGBTransfer.encoded(Float($1))) }
        text += Base83.encode(dc, length: 4)
        for component in 1..<(columns * rows) {
            let steps = (0..<3).map { channel in
                let value = factors[component * 3 + channel] / maximum
                let root = value < 0 ? -(-value).squareRoot() : value.squareRoot()
                return max(0, min(18, Int((root * 9 + 9.5).rounded(.down))))
            }
            text += Base83.encode(steps[0] * 19 * 19 + steps[1] * 19 + steps[2], length: 2)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `cos(π p k / count)` for each position p and component k, at `p × components + k`.
    private static func cosines(count: Int, components: Int) -> [Double] {
        (0..<count * components).map { index in cos(Double.pi * Double((index / components) * (index % components)) / Double(count)) }
    }
}
