/// The headers of a BMP file, read and checked against the data's length before any pixel is
/// touched.
///
/// Layout (Microsoft's BITMAPFILEHEADER, BITMAPCOREHEADER, BITMAPINFOHEADER, BITMAPV4HEADER and
/// BITMAPV5HEADER documentation): a 14-byte file header ("BM", file size, two reserved words,
/// the offset of the pixel data), then an info header whose first four bytes give its size. The
/// OS/2 1.x core header (12 bytes) has 16-bit sizes and 3-byte palette entries; the others have
/// 32-bit signed sizes (a negative height means rows stored top-down), a compression method,
/// and 4-byte palette entries. Channel masks follow a 40-byte header when the compression is
/// BI_BITFIELDS or BI_ALPHABITFIELDS, and sit inside the larger headers. Every field is
/// little-endian.
struct BMPHeader {
    /// How the pixel data is stored.
    enum Compression: UInt32 {
        /// Uncompressed rows.
        case rgb = 0
        /// 8-bit run-length encoding.
        case rle8 = 1
        /// 4-bit run-length encoding.
        case rle4 = 2
        /// Uncompressed 16- or 32-bit pixels with red, green and blue masks.
        case bitfields = 3
        /// Uncompressed 16- or 32-bit pixels with red, green, blue and alpha masks.
        case alphaBitfields = 6
    }

    private static let fileHeaderSize = 14
    private static let coreHeaderSize = 12
    private static let infoHeaderSize = 40
    private static let os2InfoHeaderSize = 64

    /// Width in pixels.
    let width: Int
    /// Height in pixels.
    let height: Int
    /// Rows are stored top row first (a negative height in the file).
    let isTopDown: Bool
    /// Bits per pixel: 1, 4, 8, 16, 24 or 32.
    let bitsPerPixel: Int
    /// How the pixel data is stored.
    let compression: Compression
    /// Where the pixel data starts in the file.
    let pixelOffset: Int
    /// The colour table, for 1-, 4- and 8-bit images, as RGBA (alpha 255): the colours announced,
    /// or as many as lie before the pixel data when it starts inside the table.
    let palette: [UInt32]
    /// The channel masks of 16- and 32-bit images (the defaults for BI_RGB ones).
    let masks: BMPChannelMasks

    /// Reads the headers of `data` (which starts with "BM").
    ///
    /// - Throws: `.truncated` when the data ends inside the headers or the colour table,
    ///   `.corrupt` for values no BMP may hold, or that point outside the file or into the
    ///   headers and masks.
    init(_ data: UnsafeRawBufferPointer) throws {
        let reader = LittleEndianReader(data)
        guard data.count >= Self.fileHeaderSize + 4 else { throw ImageDecodingError.truncated(format: .bmp) }
        pixelOffset = Int(reader.uint32(at: 10))
        let infoSize = Int(reader.uint32(at: 14))
        guard MagicNumbers.bmpInfoHeaderSizes.contains(UInt32(infoSize)) else {
            throw Self.corrupt("an info header of \(infoSize) bytes, which no BMP version has")
        }
        guard data.count >= Self.fileHeaderSize + infoSize else { throw ImageDecodingError.truncated(format: .bmp) }

        let storedHeight: Int
        let planes: Int
        var compressionValue: UInt32 = 0
        var paletteCount = 0
        let paletteEntrySize: Int
        if infoSize == Self.coreHeaderSize {
            width = Int(reader.uint16(at: 18))
            storedHeight = Int(reader.uint16(at: 20))
            planes = Int(reader.uint16(at: 22))
            bitsPerPixel = Int(reader.uint16(at: 24))
            paletteEntrySize = 3
        } else {
            width = Int(reader.int32(at: 18))
            storedHeight = Int(reader.int32(at: 22))
            planes = Int(reader.uint16(at: 26))
            bitsPerPixel = Int(reader.uint16(at: 28))
            compressionValue = reader.uint32(at: 30)
            paletteCount = Int(reader.uint32(at: 46))
            paletteEntrySize = 4
        }
        height = abs(storedHeight)
        isTopDown = storedHeight < 0
        guard width > 0, height > 0 else { throw Self.corrupt("a size of \(width)x\(storedHeight) pixels") }
        guard planes == 1 else { throw Self.corrupt("\(planes) colour planes instead of 1") }
        guard [1, 4, 8, 16, 24, 32].contains(bitsPerPixel) else { throw Self.corrupt("\(bitsPerPixel) bits per pixel") }
        // OS/2 2.x headers give 3 and 4 other meanings: Huffman 1D and 24-bit RLE.
        if infoSize == Self.os2InfoHeaderSize && (compressionValue == 3 || compressionValue == 4) {
            throw Self.corrupt("OS/2 compression method \(compressionValue), which Sepia does not decode")
        }
        guard let compression = Compression(rawValue: compressionValue) else {
            throw Self.corrupt(Self.describeUnsupported(compressionValue))
        }
        self.compression = compression
        try Self.checkCombination(compression, bitsPerPixel: bitsPerPixel, isTopDown: isTopDown)

        // Masks: inside a V2+ header, or in the 12 or 16 bytes after a 40-byte one.
        var tableOffset = Self.fileHeaderSize + infoSize
        switch compression {
        case .bitfields, .alphaBitfields:
            let maskCount = infoSize > Self.infoHeaderSize ? 4 : (compression == .alphaBitfields ? 4 : 3)
            let masksOffset = Self.fileHeaderSize + Self.infoHeaderSize
            if infoSize == Self.infoHeaderSize { tableOffset += maskCount * 4 }
            guard data.count >= masksOffset + maskCount * 4 else { throw ImageDecodingError.truncated(format: .bmp) }
            let alphaUsed = maskCount == 4 && (compression == .alphaBitfields || infoSize >= 56)
            masks = BMPChannelMasks(
                red: reader.uint32(at: masksOffset), green: reader.uint32(at: masksOffset + 4),
                blue: reader.uint32(at: masksOffset + 8), alpha: alphaUsed ? reader.uint32(at: masksOffset + 12) : 0)
            if let mask = masks.nonContiguousMask {
                throw Self.corrupt("a channel mask 0x\(String(mask, radix: 16)) whose bits are not contiguous")
            }
        default:
            masks = bitsPerPixel == 16 ? .rgb555 : .bgrx
        }

        guard pixelOffset >= tableOffset else {
            throw Self.corrupt("pixel data at offset \(pixelOffset), inside the headers (which end at \(tableOffset))")
        }
        if bitsPerPixel <= 8 {
            let maximum = 1 << bitsPerPixel
            let announced = paletteCount == 0 ? maximum : paletteCount
            guard announced <= maximum else { throw Self.corrupt("\(announced) colours for \(bitsPerPixel)-bit pixels") }
            // The table ends where the pixels start: a pixel offset inside it (a writer that
            // stored fewer colours than it announced) cuts it there, so that no pixel byte is
            // read as a colour; indices past the cut are opaque black, as past any table.
            let count = min(announced, (pixelOffset - tableOffset) / paletteEntrySize)
            guard tableOffset + count * paletteEntrySize <= data.count else { throw ImageDecodingError.truncated(format: .bmp) }
            palette = (0..<count).map { index in
                let entry = tableOffset + index * paletteEntrySize
                return UInt32(data[entry + 2]) | UInt32(data[entry + 1]) << 8 | UInt32(data[entry]) << 16 | 0xFF00_0000
            }
        } else {
            palette = []
        }
        guard pixelOffset <= data.count else {
            throw Self.corrupt("the pixel data offset \(pixelOffset) is outside the file (\(data.count) bytes)")
        }
    }

    /// Bytes in one stored row of an uncompressed image: whole 32-bit words.
    var bytesPerRow: Int { (bitsPerPixel * width + 31) / 32 * 4 }

    private static func checkCombination(_ compression: Compression, bitsPerPixel: Int, isTopDown: Bool) throws {
        switch compression {
        case .rle8 where bitsPerPixel != 8, .rle4 where bitsPerPixel != 4:
            throw corrupt("run-length compression with \(bitsPerPixel)-bit pixels")
        case .rle8, .rle4:
            if isTopDown { throw corrupt("run-length compressed rows stored top-down") }
        case .bitfields, .alphaBitfields:
            if bitsPerPixel != 16 && bitsPerPixel != 32 { throw corrupt("channel masks with \(bitsPerPixel)-bit pixels") }
        case .rgb:
            break
        }
    }

    private static func describeUnsupported(_ compression: UInt32) -> String {
        switch compression {
        case 4: "an embedded JPEG (BI_JPEG), which Sepia does not decode inside a BMP"
        case 5: "an embedded PNG (BI_PNG), which Sepia does not decode inside a BMP"
        default: "an unknown compression method \(compression)"
        }
    }

    /// The error for a header field no BMP may hold.
    static func corrupt(_ what: String) -> ImageDecodingError {
        .corrupt(format: .bmp, reason: "the header announces \(what)")
    }
}

/// Little-endian reads at offsets the caller has checked against the data's length.
struct LittleEndianReader {
    private let data: UnsafeRawBufferPointer

    init(_ data: UnsafeRawBufferPointer) {
        self.data = data
    }

    func uint16(at offset: Int) -> UInt16 {
        UInt16(littleEndian: data.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    func uint32(at offset: Int) -> UInt32 {
        UInt32(littleEndian: data.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    func int32(at offset: Int) -> Int32 {
        Int32(bitPattern: uint32(at: offset))
    }
}
