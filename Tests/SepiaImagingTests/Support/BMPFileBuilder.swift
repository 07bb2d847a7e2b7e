/// Writes BMP files byte by byte with a BITMAPINFOHEADER (40 bytes), so that tests control
/// every field (compression, masks, palette, row order) and can make headers lie.
struct BMPFileBuilder {
    var width: Int
    var height: Int
    var bitsPerPixel: Int
    var compression: UInt32 = 0
    /// Palette entries as (red, green, blue).
    var palette: [(UInt8, UInt8, UInt8)] = []
    /// Masks written after the header (BI_BITFIELDS: red, green, blue).
    var masks: [UInt32] = []
    /// The pixel data exactly as stored.
    var pixelData: [UInt8] = []
    /// Stores a negative height (rows top-down).
    var topDown = false
    /// Replaces the offset of the pixel data when set.
    var pixelOffsetOverride: UInt32?
    /// Replaces the colour count field (biClrUsed) when set.
    var colorsUsedOverride: UInt32?

    var bytes: [UInt8] {
        let tableBytes = masks.count * 4 + palette.count * 4
        let pixelOffset = 14 + 40 + tableBytes
        var bytes = Array("BM".utf8) + u32(UInt32(pixelOffset + pixelData.count)) + u32(0)
        bytes += u32(pixelOffsetOverride ?? UInt32(pixelOffset))
        bytes += u32(40) + u32(UInt32(width)) + u32(UInt32(bitPattern: Int32(topDown ? -height : height)))
        bytes += u16(1) + u16(UInt16(bitsPerPixel)) + u32(compression) + u32(UInt32(pixelData.count))
        bytes += u32(2835) + u32(2835) + u32(colorsUsedOverride ?? UInt32(palette.count)) + u32(0)
        for mask in masks { bytes += u32(mask) }
        for (red, green, blue) in palette { bytes += [blue, green, red, 0] }
        return bytes + pixelData
    }

    private func u16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private func u32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
}
