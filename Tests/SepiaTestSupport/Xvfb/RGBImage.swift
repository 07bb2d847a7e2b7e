package import Foundation

/// An 8-bit RGB picture, row after row, three bytes a pixel: a screenshot or a picture to
/// compare one with. Read from and written as binary PPM (P6), which ImageMagick reads and
/// writes, so the test support needs no image library.
package struct RGBImage: Equatable, Sendable {
    /// The width in pixels.
    package let width: Int
    /// The height in pixels.
    package let height: Int
    /// `width * height * 3` bytes: red, green, blue of each pixel, row after row.
    package var bytes: [UInt8]

    /// A picture of `width`×`height` pixels holding `bytes`.
    package init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(width >= 0 && height >= 0 && bytes.count == width * height * 3, "\(bytes.count) bytes for \(width)×\(height)")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// A picture of one colour.
    package init(width: Int, height: Int, filledWith colour: (UInt8, UInt8, UInt8)) {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        for index in stride(from: 0, to: bytes.count, by: 3) { (bytes[index], bytes[index + 1], bytes[index + 2]) = colour }
        self.init(width: width, height: height, bytes: bytes)
    }

    /// The picture in a binary PPM file (P6, maximum value 255; comments allowed).
    package init(ppm data: Data) throws {
        let bytes = [UInt8](data)
        var position = 0
        func field() throws -> Int {
            while position < bytes.count {
                if bytes[position] == UInt8(ascii: "#") {
                    while position < bytes.count && bytes[position] != UInt8(ascii: "\n") { position += 1 }
                } else if bytes[position] == 0x20 || (0x09...0x0D).contains(bytes[position]) {
                    position += 1
                } else {
                    break
                }
            }
            let start = position
            while position < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            guard let value = Int(String(decoding: bytes[start..<position], as: UTF8.self)) else {
                throw EndToEndError("Not a binary PPM picture: no number at byte \(start)")
            }
            return value
        }
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") else {
            throw EndToEndError("Not a binary PPM picture (P6): \(bytes.prefix(2))")
        }
        position = 2
        let width = try field()
        let height = try field()
        let maximum = try field()
        position += 1  // The one whitespace byte before the pixels.
        guard maximum == 255, bytes.count - position >= width * height * 3 else {
            throw EndToEndError("A PPM picture of \(width)×\(height), maximum \(maximum), with \(bytes.count - position) bytes of pixels")
        }
        self.init(width: width, height: height, bytes: Array(bytes[position..<(position + width * height * 3)]))
    }

    /// The picture as a binary PPM file.
    package var ppm: Data {
        Data("P6\n\(width) \(height)\n255\n".utf8) + Data(bytes)
    }

    /// The colour of the pixel in column `x`, row `y`.
    package func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let index = (y * width + x) * 3
        return (bytes[index], bytes[index + 1], bytes[index + 2])
    }

    /// The `width`×`height` pixels whose top left is at (`x`, `y`), which must lie inside.
    package func cropped(x: Int, y: Int, width: Int, height: Int) -> RGBImage {
        precondition(
            x >= 0 && y >= 0 && width >= 0 && height >= 0 && x + width <= self.width && y + height <= self.height,
            "\(width)×\(height) at \(x),\(y) is outside \(self.width)×\(self.height)")
        var cropped = [UInt8]()
        cropped.reserveCapacity(width * height * 3)
        for row in y..<(y + height) {
            let start = (row * self.width + x) * 3
            cropped.append(contentsOf: bytes[start..<(start + width * 3)])
        }
        return RGBImage(width: width, height: height, bytes: cropped)
    }

    /// A picture file (PNG, JPEG…) read through ImageMagick, optionally resized to exactly
    /// `width`×`height` first (ImageMagick's default filter, Lanczos when shrinking).
    package static func load(_ file: URL, resizedTo size: (width: Int, height: Int)? = nil) throws -> RGBImage {
        var arguments = [file.path, "-alpha", "off", "-colorspace", "sRGB"]
        if let size { arguments += ["-resize", "\(size.width)x\(size.height)!"] }
        let ppm = try DebianTool.run("convert", arguments + ["-depth", "8", "ppm:-"], package: "imagemagick")
        return try RGBImage(ppm: ppm)
    }

    /// Writes the picture as a PNG file, through ImageMagick.
    package func writePNG(to file: URL) throws {
        try DebianTool.run("convert", ["ppm:-", file.path], input: ppm, package: "imagemagick")
    }
}
