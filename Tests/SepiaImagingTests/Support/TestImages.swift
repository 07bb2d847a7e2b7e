import Foundation
import SepiaDemoContent

@testable import SepiaImaging

/// Images and measurements shared by the codec tests.
enum TestImages {
    /// A smooth colour gradient with a soft diagonal wave, opaque: easy for JPEG, not flat.
    static func smooth(width: Int, height: Int) -> RGBAImage {
        RGBAImage(width: width, height: height) { buffer in
            for y in 0..<height {
                for x in 0..<width {
                    let offset = (y * width + x) * 4
                    let wave = sin(Double(x + y) / 9) * 20
                    buffer[offset] = UInt8(clamping: Int(Double(x * 200 / max(width - 1, 1)) + 30 + wave))
                    buffer[offset + 1] = UInt8(clamping: Int(Double(y * 200 / max(height - 1, 1)) + 20 - wave))
                    buffer[offset + 2] = UInt8(clamping: 120 + Int(wave * 2))
                    buffer[offset + 3] = 255
                }
            }
        }
    }

    /// Deterministic pseudo-random bytes (SplitMix64), the same on every run.
    static func noise(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }

    /// An image whose pixels all differ: red and green hold the index, blue a hash, alpha
    /// varies too. For exact comparisons of lossless paths.
    static func distinctPixels(width: Int, height: Int) -> RGBAImage {
        RGBAImage(width: width, height: height) { buffer in
            for index in 0..<width * height {
                buffer[index * 4] = UInt8(truncatingIfNeeded: index)
                buffer[index * 4 + 1] = UInt8(truncatingIfNeeded: index >> 8)
                buffer[index * 4 + 2] = UInt8(truncatingIfNeeded: index &* 37)
                buffer[index * 4 + 3] = UInt8(truncatingIfNeeded: 255 - index % 7)
            }
        }
    }

    /// The same pixels with `padding` extra bytes at the end of every row.
    static func padded(_ image: RGBAImage, by padding: Int) -> RGBAImage {
        let rowBytes = image.width * 4
        var pixels: [UInt8] = []
        for y in 0..<image.height {
            pixels += image.pixels[y * image.bytesPerRow..<y * image.bytesPerRow + rowBytes]
            pixels += [UInt8](repeating: 0xAB, count: padding)
        }
        return RGBAImage(width: image.width, height: image.height, bytesPerRow: rowBytes + padding, pixels: pixels)
    }

    /// The image shrunk by `factor` in both directions, each pixel the mean of a
    /// `factor` × `factor` cell (incomplete cells at the edges are left out).
    static func boxAveraged(_ image: RGBAImage, by factor: Int) -> RGBAImage {
        let width = image.width / factor, height = image.height / factor
        return RGBAImage(width: width, height: height) { buffer in
            for y in 0..<height {
                for x in 0..<width {
                    for channel in 0..<4 {
                        var sum = 0
                        for sy in y * factor..<(y + 1) * factor {
                            let row = sy * image.bytesPerRow + channel
                            for sx in x * factor..<(x + 1) * factor { sum += Int(image.pixels[row + sx * 4]) }
                        }
                        let cell = factor * factor
                        buffer[(y * width + x) * 4 + channel] = UInt8((sum + cell / 2) / cell)
                    }
                }
            }
        }
    }

    /// The top-left `width` × `height` part of the image.
    static func cropped(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            let start = y * image.bytesPerRow
            pixels += image.pixels[start..<start + width * 4]
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
