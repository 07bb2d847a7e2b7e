package import Foundation

/// Writes the ThumbHash of a picture: the inverse of ``ThumbHash``'s reading.
///
/// The picture is first fitted into 100×100 pixels (the algorithm's limit: its DCT sums every
/// pixel for every component). Transparent pixels take the average colour of the opaque ones,
/// weighted by alpha, so that colour does not bleed from what cannot be seen. Each channel
/// (L, P, Q and, when any pixel is not opaque, alpha) becomes a DCT triangle; its AC values are
/// stored as 4-bit steps relative to the largest.
package enum ThumbHashEncoder {
    /// The largest picture the DCT runs over; larger ones are fitted into it first.
    package static let largestSize = PixelSize(width: 100, height: 100)

    /// The ThumbHash of `image`.
    package static func encode(_ image: RGBAImage) -> Data {
        let small = image.width > largestSize.width || image.height > largestSize.height ? image.resized(toFit: largestSize) : image
        let (width, height) = (small.width, small.height)
        let count = width * height
        var average = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
        forEachPixel(of: small) { _, r, g, b, alpha in
            average.r += alpha * r
            average.g += alpha * g
            average.b += alpha * b
            average.a += alpha
        }
        if average.a > 0 {
            average.r /= average.a
            average.g /= average.a
            average.b /= average.a
        }
        let hasAlpha = average.a < Double(count)
        let longSide = hasAlpha ? 5 : 7
        let longer = Double(max(width, height))
        let columns = max(1, roundHalfUp(Double(longSide * width) / longer))
        let rows = max(1, roundHalfUp(Double(longSide * height) / longer))

        var (l, p, q, a) = (
            [Double](repeating: 0, count: count), [Double](repeating: 0, count: count), [Double](repeating: 0, count: count),
            [Double](repeating: 0, count: count)
        )
        forEachPixel(of: small) { index, r, g, b, alpha in
            // Over the average colour, as the pixel would look over its own photo's tone.
            let red = average.r * (1 - alpha) + alpha * r
            let green = average.g * (1 - alpha) + alpha * g
            let blue = average.b * (1 - alpha) + alpha * b
            l[index] = (red + green + blue) / 3
            p[index] = (red + green) / 2 - blue
            q[index] = red - green
            a[index] = alpha
        }
        let luminance = channel(l, width: width, height: height, columns: max(3, columns), rows: max(3, rows))
        let yellowBlue = channel(p, width: width, height: height, columns: 3, rows: 3)
        let redGreen = channel(q, width: width, height: height, columns: 3, rows: 3)
        let alpha = hasAlpha ? channel(a, width: width, height: height, columns: 5, rows: 5) : nil

        let isLandscape = width > height
        let header24 =
            roundHalfUp(63 * luminance.dc) | roundHalfUp(31.5 + 31.5 * yellowBlue.dc) << 6 | roundHalfUp(31.5 + 31.5 * redGreen.dc) << 12
            | roundHalfUp(31 * luminance.scale) << 18 | (hasAlpha ? 1 << 23 : 0)
        let header16 =
            (isLandscape ? rows : columns) | roundHalfUp(63 * yellowBlue.scale) << 3 | roundHalfUp(63 * redGreen.scale) << 9
            | (isLandscape ? 1 << 15 : 0)
        var hash: [UInt8] = [
            UInt8(header24 & 255), UInt8((header24 >> 8) & 255), UInt8(header24 >> 16), UInt8(header16 & 255), UInt8(header16 >> 8),
        ]
        if let alpha { hash.append(UInt8(roundHalfUp(15 * alpha.dc) | roundHalfUp(15 * alpha.scale) << 4)) }
        let start = hash.count
        var nibble = 0
        for value in luminance.ac + yellowBlue.ac + redGreen.ac + (alpha?.ac ?? []) {
            if start + (nibble >> 1) == hash.count { hash.append(0) }
            hash[start + (nibble >> 1)] |= UInt8(roundHalfUp(15 * value) << ((nibble & 1) << 2))
            nibble += 1
        }
        return Data(hash)
    }

    /// One channel's DCT triangle: its DC, its AC values mapped to 0...1 around 0.5 by the
    /// largest magnitude, and that magnitude.
    private static func channel(
        _ values: [Double], width: Int, height: Int, columns: Int, rows: Int
    ) -> (dc: Double, ac: [Double], scale: Double) {
        var dc = 0.0
        var ac: [Double] = []
        var scale = 0.0
        var cosX = [Double](repeating: 0, count: width)
        var cosY = [Double](repeating: 0, count: height)
        for cy in 0..<rows {
            for y in 0..<height { cosY[y] = cos(Double.pi / Double(height) * Double(cy) * (Double(y) + 0.5)) }
            var cx = 0
            while cx * rows < columns * (rows - cy) {
                for x in 0..<width { cosX[x] = cos(Double.pi / Double(width) * Double(cx) * (Double(x) + 0.5)) }
                var sum = 0.0
                for y in 0..<height {
                    var row = 0.0
                    for x in 0..<width { row += values[y * width + x] * cosX[x] }
                    sum += row * cosY[y]
                }
                sum /= Double(width * height)
                if cx == 0 && cy == 0 {
                    dc = sum
                } else {
                    ac.append(sum)
                    scale = max(scale, abs(sum))
                }
                cx += 1
            }
        }
        if scale > 0 { ac = ac.map { 0.5 + 0.5 / scale * $0 } }
        return (dc, ac, scale)
    }

    /// Calls `body` with each pixel's index and its red, green, blue and alpha in 0...1.
    private static func forEachPixel(of image: RGBAImage, _ body: (Int, Double, Double, Double, Double) -> Void) {
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let offset = y * image.bytesPerRow + x * 4
                    body(
                        y * image.width + x, Double(pixels[offset]) / 255, Double(pixels[offset + 1]) / 255,
                        Double(pixels[offset + 2]) / 255,
                        Double(pixels[offset + 3]) / 255)
                }
            }
        }
    }

    /// `value` rounded to the nearest integer, halves up, as the algorithm's reference rounds.
    private static func roundHalfUp(_ value: Double) -> Int {
        Int((value + 0.5).rounded(.down))
    }
}
