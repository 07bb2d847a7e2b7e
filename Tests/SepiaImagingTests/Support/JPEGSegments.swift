/// Edits of JPEG files for tests: EXIF APP1 segments and frame header sizes.
enum JPEGSegments {
    /// A TIFF structure for an EXIF APP1 segment: IFD0 with a Model tag, then Orientation
    /// (TIFF 6.0 section 2; tag 0x0112, type SHORT, count 1).
    static func exifTIFF(orientation: Int, bigEndian: Bool) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] {
            let bytes = [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
            return bigEndian ? bytes : bytes.reversed()
        }
        func u32(_ value: Int) -> [UInt8] {
            bigEndian ? u16(value >> 16) + u16(value & 0xFFFF) : u16(value & 0xFFFF) + u16(value >> 16)
        }
        var tiff: [UInt8] = bigEndian ? Array("MM".utf8) : Array("II".utf8)
        tiff += u16(42) + u32(8)
        tiff += u16(2)
        tiff += u16(0x0110) + u16(2) + u32(4) + Array("Sep\0".utf8)
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0)
        tiff += u32(0)
        return tiff
    }

    /// An APP1 segment holding "Exif\0\0" and `tiff`.
    static func exifSegment(tiff: [UInt8]) -> [UInt8] {
        let length = 2 + 6 + tiff.count
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("Exif".utf8) + [0, 0] + tiff
    }

    /// `jpeg` with `segment` inserted right after SOI.
    static func inserting(_ segment: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        Array(jpeg[0..<2]) + segment + jpeg[2...]
    }

    /// The marker segments up to and including SOS: the marker, the offset of its 0xFF, and
    /// its length field (which counts itself but not the marker).
    static func segments(of jpeg: [UInt8]) -> [(marker: UInt8, offset: Int, length: Int)] {
        var segments: [(marker: UInt8, offset: Int, length: Int)] = []
        var offset = 2
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF {
            let marker = jpeg[offset + 1]
            let length = Int(jpeg[offset + 2]) << 8 + Int(jpeg[offset + 3])
            segments.append((marker, offset, length))
            if marker == 0xDA { break }
            offset += 2 + length
        }
        return segments
    }

    /// The offset of the SOF0 or SOF2 frame header.
    static func frameHeaderOffset(in jpeg: [UInt8]) -> Int {
        guard let frame = segments(of: jpeg).first(where: { $0.marker == 0xC0 || $0.marker == 0xC2 }) else {
            preconditionFailure("no SOF0/SOF2 marker before the scan")
        }
        return frame.offset
    }

    /// `jpeg` with the size in its frame header replaced (the data stays the same).
    static func declaringSize(width: Int, height: Int, in jpeg: [UInt8]) -> [UInt8] {
        var bytes = jpeg
        let frame = frameHeaderOffset(in: jpeg)
        bytes[frame + 5] = UInt8(height >> 8)
        bytes[frame + 6] = UInt8(height & 0xFF)
        bytes[frame + 7] = UInt8(width >> 8)
        bytes[frame + 8] = UInt8(width & 0xFF)
        return bytes
    }

    /// The sampling factors byte (horizontal << 4 | vertical) of the first component.
    static func firstComponentSampling(in jpeg: [UInt8]) -> UInt8 {
        jpeg[frameHeaderOffset(in: jpeg) + 11]
    }

    /// The byte ranges of every scan: its SOS segment and the entropy-coded data after it, up to
    /// the next marker that is no stuffed 0xFF00 byte or restart marker (ITU-T T.81, B.1.1.2
    /// and B.1.1.5).
    static func scans(of jpeg: [UInt8]) -> [Range<Int>] {
        var scans: [Range<Int>] = []
        var offset = 2
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF, jpeg[offset + 1] != 0xD9 {
            let length = Int(jpeg[offset + 2]) << 8 + Int(jpeg[offset + 3])
            guard jpeg[offset + 1] == 0xDA else {
                offset += 2 + length
                continue
            }
            var end = offset + 2 + length
            while end + 1 < jpeg.count, jpeg[end] != 0xFF || jpeg[end + 1] == 0 || (0xD0...0xD7).contains(jpeg[end + 1]) {
                end += 1
            }
            scans.append(offset..<end)
            offset = end
        }
        return scans
    }

    /// `jpeg` with its last scan written `count` times in all: a progressive file of many scans.
    /// With `data`, each copy's entropy-coded data is `data` instead of the scan's own.
    static func repeatingLastScan(of jpeg: [UInt8], count: Int, data: [UInt8]? = nil) -> [UInt8] {
        guard let last = scans(of: jpeg).last else { preconditionFailure("no SOS marker") }
        var scan = Array(jpeg[last])
        if let data { scan = Array(scan[..<(2 + Int(scan[2]) << 8 + Int(scan[3]))]) + data }
        let repeated = (0..<count).flatMap { _ in scan }
        return Array(jpeg[..<last.lowerBound]) + repeated + jpeg[last.upperBound...]
    }

    /// The offset of the first byte of entropy-coded data, just after the SOS segment.
    static func scanDataOffset(in jpeg: [UInt8]) -> Int {
        guard let scan = segments(of: jpeg).last, scan.marker == 0xDA else { preconditionFailure("no SOS marker") }
        return scan.offset + 2 + scan.length
    }
}
