/// Writes PNG files byte by byte, independently of libpng, so that tests control every field
/// (bit depth, colour type, palette, tRNS, interlacing) and can damage chunks on purpose.
///
/// Follows the PNG specification (W3C, second edition): the signature, then chunks of
/// length, type, data and CRC-32 of type + data (section 5.3); image data is zlib (RFC 1950)
/// holding uncompressed deflate blocks (RFC 1951, 3.2.4), rows prefixed with filter type 0.
struct PNGFileBuilder {
    /// PNG colour types (section 11.2.2) and their samples per pixel.
    enum ColorType: UInt8 {
        case gray = 0
        case rgb = 2
        case palette = 3
        case grayAlpha = 4
        case rgba = 6

        var channels: Int {
            switch self {
            case .gray, .palette: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    var width: Int
    var height: Int
    var bitDepth: Int
    var colorType: ColorType
    var interlaced = false
    /// PLTE entries (red, green, blue).
    var palette: [[UInt8]] = []
    /// Raw tRNS chunk data, if any.
    var transparency: [UInt8]?

    /// The file for `samples`: `channels` values a pixel, row by row, each below 2^bitDepth.
    func build(samples: [Int]) -> [UInt8] {
        precondition(samples.count == width * height * colorType.channels)
        var file = Self.signature
        file += Self.chunk(
            "IHDR",
            Self.uint32(width) + Self.uint32(height)
                + [UInt8(bitDepth), colorType.rawValue, 0, 0, interlaced ? 1 : 0])
        if !palette.isEmpty { file += Self.chunk("PLTE", palette.flatMap { $0 }) }
        if let transparency { file += Self.chunk("tRNS", transparency) }
        file += Self.chunk("IDAT", Self.zlibStored(scanlines(samples)))
        file += Self.chunk("IEND", [])
        return file
    }

    /// Filter-type-0 rows, one sub-image per Adam7 pass when interlaced (section 8.2).
    private func scanlines(_ samples: [Int]) -> [UInt8] {
        let passes =
            interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var bytes: [UInt8] = []
        for (left, top, columnStep, rowStep) in passes {
            let columns = Array(stride(from: left, to: width, by: columnStep))
            guard !columns.isEmpty else { continue }
            for y in stride(from: top, to: height, by: rowStep) {
                let rowSamples = columns.flatMap { x in
                    let start = (y * width + x) * colorType.channels
                    return samples[start..<start + colorType.channels]
                }
                bytes.append(0)
                bytes += pack(rowSamples)
            }
        }
        return bytes
    }

    /// Samples packed big-endian at `bitDepth` bits, rows padded to a whole byte.
    private func pack(_ samples: [Int]) -> [UInt8] {
        switch bitDepth {
        case 16: return samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case 8: return samples.map { UInt8($0) }
        default:
            var bytes = [UInt8](repeating: 0, count: (samples.count * bitDepth + 7) / 8)
            for (index, sample) in samples.enumerated() {
                let bit = index * bitDepth
                bytes[bit / 8] |= UInt8(sample << (8 - bitDepth - bit % 8))
            }
            return bytes
        }
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// One chunk: length, type, data, CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return uint32(data.count) + typeAndData + uint32(Int(crc32(typeAndData)))
    }

    static func uint32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 as PNG uses it (section 5.5, polynomial 0xEDB88320, reflected).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    /// A zlib stream of stored (uncompressed) deflate blocks, with its Adler-32.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = end - start
            stream.append(end == data.count ? 1 : 0)
            stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8 & 0xFF)]
            stream += data[start..<end]
            start = end
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return stream + uint32(Int(b << 16 | a))
    }
}
