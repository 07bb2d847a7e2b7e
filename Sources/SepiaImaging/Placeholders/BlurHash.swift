import Foundation

/// A BlurHash read into its colour components, and drawn.
///
/// The text is base-83 digits: one for the grid size (`(rows − 1) × 9 + (columns − 1)`, 1 to 9
/// components each way), one for the largest AC value (`(q + 1) / 166`), four for the DC
/// component (the average colour, 24-bit sRGB), then two per AC component: three values of 0 to
/// 18 (`r × 19² + g × 19 + b`), each `sign(v) × v²` of `(value − 9) / 9`, times the largest AC
/// value. Components are in linear light; pixel (x, y) of a W×H picture is the sum of each
/// component (i, j) times `cos(π x i / W) cos(π y j / H)`.
package struct BlurHash: Sendable, Equatable {
    /// Components across and down, 1 to 9 each.
    package let columns: Int
    package let rows: Int
    /// Linear-light RGB of each component, row by row (component (i, j) at `(j × columns + i) × 3`).
    package let components: [Float]

    /// Reads `text`.
    ///
    /// - Throws: ``PlaceholderError`` for a character outside the alphabet, a length that is
    ///   not `4 + 2 × columns × rows`, or a value out of range.
    package init(_ text: String) throws(PlaceholderError) {
        let bytes = Array(text.utf8)
        if let bad = bytes.firstIndex(where: { Base83.digit($0) == nil }) {
            // Count characters, not bytes, up to the bad one for the message.
            let prefix = String(decoding: bytes[..<bad], as: UTF8.self)
            let character = text.dropFirst(prefix.count).first ?? "?"
            throw .invalidCharacter(character, offset: prefix.count)
        }
        guard bytes.count >= 6 else { throw .wrongLength(kind: .blurHash, expected: 6, found: bytes.count) }
        let sizeFlag = Self.value(bytes, 0, 1)
        let (columns, rows) = (sizeFlag % 9 + 1, sizeFlag / 9 + 1)
        (self.columns, self.rows) = (columns, rows)
        let expected = 4 + 2 * columns * rows
        guard bytes.count == expected else { throw .wrongLength(kind: .blurHash, expected: expected, found: bytes.count) }
        let maximum = Float(Self.value(bytes, 1, 1) + 1) / 166
        let dc = Self.value(bytes, 2, 4)
        guard dc <= 0xFF_FFFF else { throw .outOfRange(kind: .blurHash, detail: "its average colour has more than 24 bits") }
        var components = [Float](repeating: 0, count: columns * rows * 3)
        components[0] = SRGBTransfer.linear[dc >> 16]
        components[1] = SRGBTransfer.linear[(dc >> 8) & 255]
        components[2] = SRGBTransfer.linear[dc & 255]
        for component in 1..<(columns * rows) {
            let value = Self.value(bytes, 4 + 2 * component, 2)
            guard value < 19 * 19 * 19 else {
                throw .outOfRange(kind: .blurHash, detail: "component \(component + 1) is above 18 steps")
            }
            components[component * 3] = Self.signedSquare(value / (19 * 19)) * maximum
            components[component * 3 + 1] = Self.signedSquare((value / 19) % 19) * maximum
            components[component * 3 + 2] = Self.signedSquare(value % 19) * maximum
        }
        self.components = components
    }

    /// The picture at `size`, opaque.
    package func image(size: PixelSize) -> RGBAImage {
        let (width, height) = (size.width, size.height)
        // The cosines of each column and row, per component index: a table, not a cos per pixel.
        let cosX = Self.cosines(count: width, components: columns)
        let cosY = Self.cosines(count: height, components: rows)
        let (columns, rows) = (columns, rows)
        // Unchecked reads in the loop that runs width × height × components times.
        return components.withUnsafeBufferPointer { components in
            cosX.withUnsafeBufferPointer { cosX in
                cosY.withUnsafeBufferPointer { cosY in
                    RGBAImage(width: width, height: height) { buffer in
                        var offset = 0
                        for y in 0..<height {
                            for x in 0..<width {
                                var (red, green, blue): (Float, Float, Float) = (0, 0, 0)
                                for j in 0..<rows {
                                    let weightY = cosY[y &* rows &+ j]
                                    for i in 0..<columns {
                                        let weight = cosX[x &* columns &+ i] * weightY
                                        let index = (j &* columns &+ i) &* 3
                                        red += components[index] * weight
                                        green += components[index &+ 1] * weight
                                        blue += components[index &+ 2] * weight
                                    }
                                }
                                buffer[offset] = SRGBTransfer.encoded(red)
                                buffer[offset &+ 1] = SRGBTransfer.encoded(green)
                                buffer[offset &+ 2] = SRGBTransfer.encoded(blue)
                                buffer[offset &+ 3] = 255
                                offset &+= 4
                            }
                        }
                    }
                }
            }
        }
    }

    /// `cos(π p k / count)` for each position p and component k, at `p × components + k`.
    static func cosines(count: Int, components: Int) -> [Float] {
        var table = [Float](repeating: 0, count: count * components)
        for position in 0..<count {
            for component in 0..<components {
                table[position * components + component] = Float(cos(Double.pi * Double(position * component) / Double(count)))
            }
        }
        return table
    }

    /// The base-83 number of `length` digits at `start`.
    private static func value(_ bytes: [UInt8], _ start: Int, _ length: Int) -> Int {
        bytes[start..<(start + length)].reduce(0) { $0 * 83 + (Base83.digit($1) ?? 0) }
    }

    /// `sign(v) × v²` of `(quantised − 9) / 9`.
    private static func signedSquare(_ quantised: Int) -> Float {
        let value = Float(quantised - 9) / 9
        return value * abs(value)
    }
}
