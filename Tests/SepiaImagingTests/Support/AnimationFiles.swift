@testable import SepiaImaging

/// Hand-made animations for the cases tools refuse to write: frames outside the canvas, empty
/// frames, tens of thousands of frames, files cut short.
enum AnimationFiles {
    /// A GIF of a `width`×`height` screen (a global table of black and white) holding `frames`,
    /// each a rectangle of one colour index at a place, with a 1/100 s delay each.
    static func gif(width: Int, height: Int, frames: [(x: Int, y: Int, width: Int, height: Int, index: UInt8)]) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + uint16(width) + uint16(height) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        for frame in frames {
            bytes += [0x21, 0xF9, 4, 0, 1, 0, 0, 0]
            bytes += [0x2C] + uint16(frame.x) + uint16(frame.y) + uint16(frame.width) + uint16(frame.height) + [0]
            bytes += lzwData(count: frame.width * frame.height, index: frame.index)
        }
        return bytes + [0x3B]
    }

    /// LZW image data (code size 2) for `count` pixels of `index`: after the clear code, each
    /// 3-bit code is the index itself, a clear code every 2 codes keeping the width at 3 bits.
    private static func lzwData(count: Int, index: UInt8) -> [UInt8] {
        var codes: [Int] = []
        for pixel in 0..<count {
            if pixel % 2 == 0 { codes.append(4) }
            codes.append(Int(index))
        }
        codes.append(5)
        var packed: [UInt8] = []
        var (bits, bitCount) = (0, 0)
        for code in codes {
            bits |= code << bitCount
            bitCount += 3
            while bitCount >= 8 {
                packed.append(UInt8(bits & 0xFF))
                bits >>= 8
                bitCount -= 8
            }
        }
        if bitCount > 0 { packed.append(UInt8(bits & 0xFF)) }
        var data: [UInt8] = [2]
        for start in stride(from: 0, to: packed.count, by: 255) {
            let block = packed[start..<min(start + 255, packed.count)]
            data += [UInt8(block.count)] + block
        }
        return data + [0]
    }

    private static func uint16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }

    /// One APNG frame: a PNG of the frame's own size, its place and its `fcTL` settings.
    struct APNGFrame {
        var png: [UInt8]
        var x = 0, y = 0
        var delay: (numerator: Int, denominator: Int) = (1, 10)
        var disposal: UInt8 = 0
        var blend: UInt8 = 0
    }

    /// An APNG of a `canvas` playing `plays` times (0: forever), its first frame the default
    /// image (its `IDAT`), the others in `fdAT` chunks; every frame's size from its PNG's IHDR.
    static func apng(canvas: PixelSize, plays: Int, frames: [APNGFrame]) -> [UInt8] {
        var header = PNGChunks.data(of: "IHDR", in: frames[0].png)!
        header.replaceSubrange(0..<8, with: PNGFileBuilder.uint32(canvas.width) + PNGFileBuilder.uint32(canvas.height))
        var file = PNGFileBuilder.signature + PNGFileBuilder.chunk("IHDR", header)
        file += PNGFileBuilder.chunk("acTL", PNGFileBuilder.uint32(frames.count) + PNGFileBuilder.uint32(plays))
        var sequence = 0
        for (index, frame) in frames.enumerated() {
            let size = PNGChunks.data(of: "IHDR", in: frame.png)!
            var control = PNGFileBuilder.uint32(sequence) + Array(size[0..<8])
            control += PNGFileBuilder.uint32(frame.x) + PNGFileBuilder.uint32(frame.y)
            control += [UInt8(frame.delay.numerator >> 8), UInt8(frame.delay.numerator & 0xFF)]
            control += [UInt8(frame.delay.denominator >> 8), UInt8(frame.delay.denominator & 0xFF), frame.disposal, frame.blend]
            file += PNGFileBuilder.chunk("fcTL", control)
            sequence += 1
            let data = PNGChunks.data(of: "IDAT", in: frame.png)!
            if index == 0 {
                file += PNGFileBuilder.chunk("IDAT", data)
            } else {
                file += PNGFileBuilder.chunk("fdAT", PNGFileBuilder.uint32(sequence) + data)
                sequence += 1
            }
        }
        return file + PNGFileBuilder.chunk("IEND", [])
    }
}
