import Foundation

/// How alike two pictures are, and what a region of a screenshot holds.
extension RGBImage {
    /// The mean absolute difference of the channels of `self` and `other` (0...255), which
    /// must be the same size.
    package func meanAbsoluteDifference(to other: RGBImage) -> Double {
        precondition(width == other.width && height == other.height, "\(width)×\(height) against \(other.width)×\(other.height)")
        guard !bytes.isEmpty else { return 0 }
        var total = 0
        for index in bytes.indices { total += abs(Int(bytes[index]) - Int(other.bytes[index])) }
        return Double(total) / Double(bytes.count)
    }

    /// The peak signal-to-noise ratio of `self` against `other` (the same size), in dB over
    /// the three channels; infinity when they are equal. About 30 dB and up: the same photo
    /// with quantisation noise; under 15 dB: another picture.
    package func peakSignalToNoiseRatio(to other: RGBImage) -> Double {
        precondition(width == other.width && height == other.height, "\(width)×\(height) against \(other.width)×\(other.height)")
        var squares = 0
        for index in bytes.indices {
            let difference = Int(bytes[index]) - Int(other.bytes[index])
            squares += difference * difference
        }
        guard squares > 0 else { return .infinity }
        let meanSquare = Double(squares) / Double(bytes.count)
        return 10 * log10(255 * 255 / meanSquare)
    }

    /// How many colours the picture holds once each channel is cut to its top `bits` bits.
    package func distinctColourCount(bits: Int = 5) -> Int {
        let shift = 8 - bits
        var seen = Set<Int>()
        for index in stride(from: 0, to: bytes.count, by: 3) {
            seen.insert(Int(bytes[index] >> shift) << 16 | Int(bytes[index + 1] >> shift) << 8 | Int(bytes[index + 2] >> shift))
        }
        return seen.count
    }

    /// The share (0...1) of pixels that have the picture's most common colour, to 5 bits a
    /// channel.
    package var dominantColourShare: Double {
        guard width * height > 0 else { return 1 }
        var counts = [Int: Int]()
        for index in stride(from: 0, to: bytes.count, by: 3) {
            counts[Int(bytes[index] >> 3) << 16 | Int(bytes[index + 1] >> 3) << 8 | Int(bytes[index + 2] >> 3), default: 0] += 1
        }
        return Double(counts.values.max() ?? 0) / Double(width * height)
    }

    /// The share (0...1) of pixels whose channels differ by more than 24 levels: coloured
    /// rather than grey. Antialiased text in grey on a grey background has none.
    package var colourfulShare: Double {
        guard width * height > 0 else { return 0 }
        var colourful = 0
        for index in stride(from: 0, to: bytes.count, by: 3) {
            let (red, green, blue) = (Int(bytes[index]), Int(bytes[index + 1]), Int(bytes[index + 2]))
            if max(red, green, blue) - min(red, green, blue) > 24 { colourful += 1 }
        }
        return Double(colourful) / Double(width * height)
    }

    /// Whether the picture is one flat colour (to within `tolerance` levels a channel on
    /// every pixel): an empty stretch of the screen.
    package func isBlank(tolerance: Int = 8) -> Bool {
        guard bytes.count >= 3 else { return true }
        let first = (Int(bytes[0]), Int(bytes[1]), Int(bytes[2]))
        for index in stride(from: 0, to: bytes.count, by: 3) {
            if abs(Int(bytes[index]) - first.0) > tolerance || abs(Int(bytes[index + 1]) - first.1) > tolerance
                || abs(Int(bytes[index + 2]) - first.2) > tolerance
            {
                return false
            }
        }
        return true
    }

    /// Whether the picture looks like a colour photo: many colours (at least 100 to 5 bits a
    /// channel), none covering a third of it, and at least a tenth of its pixels coloured.
    /// A blank stretch has one colour; text (even antialiased, even coloured) has one
    /// dominant background colour and few colours besides; half-block mosaics of a photo
    /// pass only when their cells are small, which the callers rule out by the region's
    /// expected pixels.
    package var looksLikePhoto: Bool {
        distinctColourCount(bits: 5) >= 100 && dominantColourShare < 1.0 / 3 && colourfulShare >= 0.1
    }
}
