/// Builds little-endian baseline TIFF files entry by entry (TIFF 6.0, section 2), so that tests
/// can write what no tool writes: tags that lie about the image.
struct TIFFFileBuilder {
    /// One IFD entry; `values` are SHORTs (type 3) or LONGs (type 4), stored inline when they fit.
    struct Entry {
        let tag: UInt16
        let type: UInt16
        let values: [UInt32]

        static func short(_ tag: UInt16, _ values: UInt32...) -> Entry { Entry(tag: tag, type: 3, values: values) }
        static func long(_ tag: UInt16, _ values: UInt32...) -> Entry { Entry(tag: tag, type: 4, values: values) }
    }

    /// The file: header, then `body` at offset 8, then the IFD (entries sorted by tag) and any
    /// out-of-line value arrays.
    static func build(entries: [Entry], body: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0x49, 0x49, 42, 0]
        let ifdOffset = 8 + body.count
        append(UInt32(ifdOffset), to: &bytes)
        bytes += body
        let sorted = entries.sorted { $0.tag < $1.tag }
        var overflow: [UInt8] = []
        var overflowOffset = ifdOffset + 2 + sorted.count * 12 + 4
        append(UInt16(sorted.count), to: &bytes)
        for entry in sorted {
            append(entry.tag, to: &bytes)
            append(entry.type, to: &bytes)
            append(UInt32(entry.values.count), to: &bytes)
            var encoded: [UInt8] = []
            for value in entry.values {
                if entry.type == 3 { append(UInt16(value), to: &encoded) } else { append(value, to: &encoded) }
            }
            if encoded.count <= 4 {
                bytes += encoded + [UInt8](repeating: 0, count: 4 - encoded.count)
            } else {
                append(UInt32(overflowOffset), to: &bytes)
                overflow += encoded
                overflowOffset += encoded.count
            }
        }
        append(UInt32(0), to: &bytes)
        return bytes + overflow
    }

    /// A grey 8-bit, uncompressed, single-strip image's entries, with the strip at offset 8.
    static func greyEntries(width: UInt32, height: UInt32, stripOffset: UInt32 = 8, stripBytes: UInt32) -> [Entry] {
        [
            .long(256, width), .long(257, height), .short(258, 8), .short(259, 1), .short(262, 1),
            .long(273, stripOffset), .short(277, 1), .long(278, height), .long(279, stripBytes),
        ]
    }

    private static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
}
