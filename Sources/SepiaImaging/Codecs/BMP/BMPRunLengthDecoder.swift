/// Decodes the pixel data of RLE8 and RLE4 bitmaps (Microsoft's "Bitmap Compression"
/// documentation).
///
/// The data is a series of two-byte codes, rows bottom-up: a count n > 0 followed by a value
/// repeats the value's index (RLE8) or its two alternating 4-bit indices (RLE4) n times; a 0
/// followed by 0 ends the row, by 1 ends the image, by 2 moves right and up by the next two
/// bytes, and by n ≥ 3 starts n literal indices, padded to a 16-bit boundary. Pixels the codes
/// never reach stay transparent black, as browsers leave them. Runs past the right edge are
/// clipped; data that ends before the end-of-image code is `.truncated`.
enum BMPRunLengthDecoder {
    static func decode(_ data: UnsafeRawBufferPointer, header: BMPHeader) throws -> RGBAImage {
        let is4Bit = header.compression == .rle4
        var codes = RunLengthCodes(data: data, offset: header.pixelOffset)
        var image = RGBAImage(width: header.width, height: header.height, red: 0, green: 0, blue: 0, alpha: 0)
        try image.pixels.withUnsafeMutableBytes { pixels in
            var x = 0
            var y = 0  // counted from the bottom row
            func put(_ index: Int) {
                if x < header.width && y < header.height {
                    let row = header.height - 1 - y
                    BMPDecoder.store(
                        BMPDecoder.color(header.palette, index), at: row * header.width + x, in: pixels)
                }
                x += 1
            }
            while y < header.height {
                let count = Int(try codes.next())
                let value = Int(try codes.next())
                if count > 0 {
                    for step in 0..<count { put(is4Bit ? (step % 2 == 0 ? value >> 4 : value & 0x0F) : value) }
                    continue
                }
                switch value {
                case 0:
                    x = 0
                    y += 1
                case 1:
                    return
                case 2:
                    x += Int(try codes.next())
                    y += Int(try codes.next())
                default:
                    let byteCount = is4Bit ? (value + 1) / 2 : value
                    for step in 0..<value {
                        let byte = Int(try codes.peek(at: is4Bit ? step / 2 : step))
                        put(is4Bit ? (step % 2 == 0 ? byte >> 4 : byte & 0x0F) : byte)
                    }
                    try codes.skip(byteCount + byteCount % 2)
                }
            }
        }
        return image
    }

    /// A cursor over the codes, which throws `.truncated` at the end of the data.
    private struct RunLengthCodes {
        let data: UnsafeRawBufferPointer
        var offset: Int

        mutating func next() throws -> UInt8 {
            let byte = try peek(at: 0)
            offset += 1
            return byte
        }

        func peek(at distance: Int) throws -> UInt8 {
            guard offset + distance < data.count else { throw ImageDecodingError.truncated(format: .bmp) }
            return data[offset + distance]
        }

        mutating func skip(_ count: Int) throws {
            guard offset + count <= data.count else { throw ImageDecodingError.truncated(format: .bmp) }
            offset += count
        }
    }
}
