package import Foundation

/// A ThumbHash read into its channels, and drawn.
///
/// Its bytes, little-endian: a 24-bit header (the luminance DC in 6 bits, the P and Q colour
/// DCs in 6 bits each, the luminance AC scale in 5 bits, whether there is alpha), a 16-bit one
/// (the luminance components along the shorter side in 3 bits, the P and Q AC scales in 6 bits
/// each, whether the photo is landscape), with alpha a byte of its DC and AC scale (4 bits
/// each); then 4 bits per AC component, two a byte, low nibble first: luminance (up to 7 along
/// the longer side, 5 with alpha), P and Q (3×3), alpha (5×5), each a triangle of a DCT
/// (`cx × ny < nx × (ny − cy)`). L is luminance, P yellow–blue and Q red–green; the
/// components are cosines of `π (x + ½) cx / W`.
package struct ThumbHash: Sendable, Equatable {
    /// The DC (average) of each channel: L and alpha in 0...1, P and Q in −1...1.
    package let dc: (l: Float, p: Float, q: Float, a: Float)
    /// Luminance components across and down (3 to 7 each).
    package let luminanceSize: (columns: Int, rows: Int)
    /// Whether the hash has an alpha channel.
    package let hasAlpha: Bool
    /// The AC components of each channel, in the triangle's order, scaled.
    package let l: [Float], p: [Float], q: [Float], a: [Float]
    /// Width / height as the hash describes it: the ratio of its luminance components along
    /// each side, as rough as that (7:3 at most).
    package let aspectRatio: Double

    package static func == (left: ThumbHash, right: ThumbHash) -> Bool {
        left.dc == right.dc && left.luminanceSize == right.luminanceSize && left.hasAlpha == right.hasAlpha && left.l == right.l
            && left.p == right.p && left.q == right.q && left.a == right.a
    }

    /// Reads `bytes`.
    ///
    /// - Throws: ``PlaceholderError/wrongLength(kind:expected:found:)`` unless the hash has
    ///   exactly the bytes its header announces; ``PlaceholderError/outOfRange(kind:detail:)``
    ///   when it announces no luminance components along a side.
    package init(_ bytes: Data) throws(PlaceholderError) {
        let hash = [UInt8](bytes)
        guard hash.count >= 5 else { throw .wrongLength(kind: .thumbHash, expected: 5, found: hash.count) }
        let header24 = Int(hash[0]) | Int(hash[1]) << 8 | Int(hash[2]) << 16
        let header16 = Int(hash[3]) | Int(hash[4]) << 8
        let hasAlpha = header24 >> 23 != 0
        self.hasAlpha = hasAlpha
        let isLandscape = header16 >> 15 != 0
        let longSide = hasAlpha ? 5 : 7
        let shortSide = header16 & 7
        guard shortSide > 0 else { throw .outOfRange(kind: .thumbHash, detail: "it has no luminance components along one side") }
        let (columns, rows) = isLandscape ? (longSide, shortSide) : (shortSide, longSide)
        aspectRatio = Double(columns) / Double(rows)
        let drawn = (columns: max(3, columns), rows: max(3, rows))
        luminanceSize = drawn
        let luminanceCount = Self.componentCount(columns: drawn.columns, rows: drawn.rows)
        let colourCount = Self.componentCount(columns: 3, rows: 3)
        let alphaCount = hasAlpha ? Self.componentCount(columns: 5, rows: 5) : 0
        let start = hasAlpha ? 6 : 5
        let expected = start + (luminanceCount + 2 * colourCount + alphaCount + 1) / 2
        guard hash.count == expected else { throw .wrongLength(kind: .thumbHash, expected: expected, found: hash.count) }

        let alphaByte = hasAlpha ? Int(hash[5]) : 0
        dc = (
            l: Float(header24 & 63) / 63,
            p: Float((header24 >> 6) & 63) / 31.5 - 1,
            q: Float((header24 >> 12) & 63) / 31.5 - 1,
            a: hasAlpha ? Float(alphaByte & 15) / 15 : 1
        )
        let luminanceScale = Float((header24 >> 18) & 31) / 31
        let pScale = Float((header16 >> 3) & 63) / 63
        let qScale = Float((header16 >> 9) & 63) / 63
        let alphaScale = Float(alphaByte >> 4) / 15

        var nibble = 0
        func components(_ count: Int, scale: Float) -> [Float] {
            (0..<count).map { _ in
                let byte = Int(hash[start + (nibble >> 1)])
                let value = (byte >> ((nibble & 1) << 2)) & 15
                nibble += 1
                return (Float(value) / 7.5 - 1) * scale
            }
        }
        l = components(luminanceCount, scale: luminanceScale)
        p = components(colourCount, scale: pScale * 1.25)
        q = components(colourCount, scale: qScale * 1.25)
        a = components(alphaCount, scale: alphaScale)
    }

    /// The number of AC components of an `columns` × `rows` triangle.
    static func componentCount(columns: Int, rows: Int) -> Int {
        var count = 0
        for cy in 0..<rows {
            var cx = cy == 0 ? 1 : 0
            while cx * rows < columns * (rows - cy) {
                count += 1
                cx += 1
            }
        }
        return count
    }

    /// The picture at `size`.
    package func image(size: PixelSize) -> RGBAImage {
        let (width, height) = (size.width, size.height)
        let (columns, rows) = luminanceSize
        // Enough cosines for every channel: luminance's, and 3 (colour) or 5 (alpha) each way.
        let stepX = max(columns, hasAlpha ? 5 : 3)
        let stepY = max(rows, hasAlpha ? 5 : 3)
        let cosX = Self.cosines(count: width, components: stepX)
        let cosY = Self.cosines(count: height, components: stepY)
        return RGBAImage(width: width, height: height) { buffer in
            var offset = 0
            for y in 0..<height {
                for x in 0..<width {
                    let base = (x: x * stepX, y: y * stepY)
                    var luminance = dc.l
                    var index = 0
                    for cy in 0..<rows {
                        let weightY = 2 * cosY[base.y + cy]
                        var cx = cy == 0 ? 1 : 0
                        while cx * rows < columns * (rows - cy) {
                            luminance += l[index] * cosX[base.x + cx] * weightY
                            index += 1
                            cx += 1
                        }
                    }
                    var (yellowBlue, redGreen) = (dc.p, dc.q)
                    index = 0
                    for cy in 0..<3 {
                        let weightY = 2 * cosY[base.y + cy]
                        for cx in (cy == 0 ? 1 : 0)..<(3 - cy) {
                            let weight = cosX[base.x + cx] * weightY
                            yellowBlue += p[index] * weight
                            redGreen += q[index] * weight
                            index += 1
                        }
                    }
                    var alpha = dc.a
                    if hasAlpha {
                        index = 0
                        for cy in 0..<5 {
                            let weightY = 2 * cosY[base.y + cy]
                            for cx in (cy == 0 ? 1 : 0)..<(5 - cy) {
                                alpha += a[index] * cosX[base.x + cx] * weightY
                                index += 1
                            }
                        }
                    }
                    let blue = luminance - 2 / 3 * yellowBlue
                    let red = (3 * luminance - blue + redGreen) / 2
                    let green = red - redGreen
                    buffer[offset] = Self.byte(red)
                    buffer[offset + 1] = Self.byte(green)
                    buffer[offset + 2] = Self.byte(blue)
                    buffer[offset + 3] = Self.byte(alpha)
                    offset += 4
                }
            }
        }
    }

    /// `cos(π (p + ½) k / count)` for each position p and component k, at `p × components + k`.
    static func cosines(count: Int, components: Int) -> [Float] {
        var table = [Float](repeating: 0, count: count * components)
        for position in 0..<count {
            for component in 0..<components {
                table[position * components + component] = Float(
                    cos(Double.pi / Double(count) * (Double(position) + 0.5) * Double(component)))
            }
        }
        return table
    }

    /// `value` in 0...1 as a byte, rounded.
    private static func byte(_ value: Float) -> UInt8 {
        UInt8(min(max(value, 0), 1) * 255 + 0.5)
    }
}
