/// Decodes Windows and OS/2 bitmaps in Swift (no library): 1-, 4- and 8-bit palettes,
/// 16-bit (5-5-5 or channel masks), 24-bit and 32-bit (BI_RGB, BI_BITFIELDS and
/// BI_ALPHABITFIELDS, with alpha when a mask gives it) pixels, RLE8 and RLE4, rows stored
/// bottom-up or top-down.
///
/// Every offset and length comes from the headers and is checked against the data first
/// (`BMPHeader`), and the pixel limit before the image is allocated. A 32-bit BI_RGB image is
/// opaque: its fourth byte is unused by definition. A palette index past the end of the colour
/// table is opaque black.
enum BMPDecoder {
    static func decode(_ data: UnsafeRawBufferPointer, options: ImageDecodingOptions) throws -> DecodedImage {
        let header = try BMPHeader(data)
        try options.admit(width: header.width, height: header.height, holding: .images(1))
        let image: RGBAImage
        switch header.compression {
        case .rle8, .rle4:
            image = try BMPRunLengthDecoder.decode(data, header: header)
        case .rgb, .bitfields, .alphaBitfields:
            let (pixelBytes, overflow) = header.bytesPerRow.multipliedReportingOverflow(by: header.height)
            guard !overflow, pixelBytes <= data.count - header.pixelOffset else {
                throw ImageDecodingError.truncated(format: .bmp)
            }
            image = RGBAImage(width: header.width, height: header.height) { pixels in
                let output = UnsafeMutableRawBufferPointer(pixels)
                for storedRow in 0..<header.height {
                    let row = header.isTopDown ? storedRow : header.height - 1 - storedRow
                    let source = UnsafeRawBufferPointer(
                        rebasing: data[(header.pixelOffset + storedRow * header.bytesPerRow)...].prefix(header.bytesPerRow))
                    let destination = UnsafeMutableRawBufferPointer(
                        rebasing: output[(row * header.width * RGBAImage.bytesPerPixel)...].prefix(header.width * RGBAImage.bytesPerPixel))
                    convertRow(source, into: destination, header: header)
                }
            }
        }
        return DecodedImage(
            image: image, format: .bmp, sourceWidth: header.width, sourceHeight: header.height,
            scaleDenominator: 1, orientation: .up, warnings: []
        )
    }

    /// Converts one stored row (`header.bytesPerRow` bytes) into `header.width` RGBA pixels.
    private static func convertRow(_ source: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, header: BMPHeader) {
        let width = header.width
        switch header.bitsPerPixel {
        case 1, 4, 8:
            let bits = header.bitsPerPixel
            let perByte = 8 / bits
            let indexMask = (1 << bits) - 1
            for x in 0..<width {
                let byte = Int(source[x / perByte])
                let index = byte >> (8 - bits * (x % perByte + 1)) & indexMask
                store(color(header.palette, index), at: x, in: output)
            }
        case 16:
            for x in 0..<width {
                let pixel = UInt32(UInt16(littleEndian: source.loadUnaligned(fromByteOffset: x * 2, as: UInt16.self)))
                store(header.masks.rgba(pixel), at: x, in: output)
            }
        case 24:
            for x in 0..<width {
                let blue = UInt32(source[x * 3]), green = UInt32(source[x * 3 + 1]), red = UInt32(source[x * 3 + 2])
                store(red | green << 8 | blue << 16 | 0xFF00_0000, at: x, in: output)
            }
        default:
            for x in 0..<width {
                let pixel = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
                store(header.masks.rgba(pixel), at: x, in: output)
            }
        }
    }

    /// Palette entry `index` as packed RGBA, or opaque black past the table's end.
    @inline(__always)
    static func color(_ palette: [UInt32], _ index: Int) -> UInt32 {
        index < palette.count ? palette[index] : 0xFF00_0000
    }

    /// Writes packed RGBA (red in the low byte) as pixel `x` of `row`.
    @inline(__always)
    static func store(_ rgba: UInt32, at x: Int, in row: UnsafeMutableRawBufferPointer) {
        row.storeBytes(of: rgba.littleEndian, toByteOffset: x * RGBAImage.bytesPerPixel, as: UInt32.self)
    }
}
