extension EXIFOrientation {
    /// The Orientation tag of IFD0 in an EXIF TIFF structure (the APP1 payload after
    /// "Exif\0\0"), or nil when there is none or the data is malformed.
    ///
    /// Layout (TIFF 6.0, section 2): a byte order mark "II" (little-endian) or "MM"
    /// (big-endian), the number 42, and the offset of IFD0; an IFD is a 2-byte entry count, then
    /// 12-byte entries (tag, type, count, value or offset). Orientation is tag 0x0112, type SHORT
    /// (3), count 1, its value in the first two bytes of the value field. Every read is checked
    /// against the end of the data, so truncated segments and wild offsets are simply ignored.
    init?(exifTIFF tiff: UnsafeRawBufferPointer) {
        guard let reader = TIFFReader(tiff),
            let value = reader.ifd0Orientation(),
            let orientation = EXIFOrientation(rawValue: value)
        else { return nil }
        self = orientation
    }

    /// A copy of an EXIF TIFF structure whose IFD0 Orientation tag says `.up` (1), for pixels
    /// that were turned upright already; the bytes unchanged when there is no well-formed tag.
    static func uprightEXIF(_ tiff: [UInt8]) -> [UInt8] {
        var upright = tiff
        let valueOffset = tiff.withUnsafeBytes { bytes in TIFFReader(bytes)?.ifd0OrientationEntry().map { $0 + 8 } }
        guard let valueOffset, let bigEndian = tiff.withUnsafeBytes({ TIFFReader($0)?.bigEndian }) else { return tiff }
        upright[valueOffset] = bigEndian ? 0 : 1
        upright[valueOffset + 1] = bigEndian ? 1 : 0
        return upright
    }
}

/// Bounds-checked reads of a TIFF structure in its own byte order.
private struct TIFFReader {
    private static let orientationTag = 0x0112
    private static let shortType = 3
    private static let entrySize = 12

    private let bytes: UnsafeRawBufferPointer
    /// The structure is big-endian ("MM").
    let bigEndian: Bool

    init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= 8 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (UInt8(ascii: "I"), UInt8(ascii: "I")): bigEndian = false
        case (UInt8(ascii: "M"), UInt8(ascii: "M")): bigEndian = true
        default: return nil
        }
        self.bytes = bytes
        guard uint16(at: 2) == 42 else { return nil }
    }

    /// The Orientation value in IFD0, if the tag is there and well formed.
    func ifd0Orientation() -> Int? {
        ifd0OrientationEntry().flatMap { uint16(at: $0 + 8) }
    }

    /// The offset of IFD0's Orientation entry, if the tag is there and well formed (its value
    /// fits in the entry, whole).
    func ifd0OrientationEntry() -> Int? {
        guard let ifd = uint32(at: 4), let entryCount = uint16(at: ifd) else { return nil }
        for index in 0..<entryCount {
            let entry = ifd + 2 + index * Self.entrySize
            guard let tag = uint16(at: entry) else { return nil }
            guard tag == Self.orientationTag else { continue }
            guard uint16(at: entry + 2) == Self.shortType, uint32(at: entry + 4) == 1, uint16(at: entry + 8) != nil else { return nil }
            return entry
        }
        return nil
    }

    private func uint16(at offset: Int) -> Int? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        let first = Int(bytes[offset]), second = Int(bytes[offset + 1])
        return bigEndian ? first << 8 | second : second << 8 | first
    }

    private func uint32(at offset: Int) -> Int? {
        guard let first = uint16(at: offset), let second = uint16(at: offset + 2) else { return nil }
        return bigEndian ? first << 16 | second : second << 16 | first
    }
}
