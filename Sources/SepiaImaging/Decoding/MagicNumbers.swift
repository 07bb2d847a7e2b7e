/// The magic numbers of the formats besides JPEG and PNG, checked strictly enough that text or
/// another format is not taken for an image.
enum MagicNumbers {
    /// A RIFF container whose form type is "WEBP" (RFC 9649, section 2.5).
    static func isWebP(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.starts(with: Array("RIFF".utf8)) && bytes.dropFirst(8).starts(with: Array("WEBP".utf8))
    }

    /// "GIF87a" or "GIF89a" (GIF89a specification, section 17).
    static func isGIF(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8))
    }

    /// A classic or BigTIFF header in either byte order: "II" 42 or 43, "MM" 42 or 43
    /// (TIFF 6.0, section 2; BigTIFF uses 43).
    static func isTIFF(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
            || bytes.starts(with: [0x49, 0x49, 0x2B, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2B])
    }

    /// The sizes of the BMP info headers in use: OS/2 1.x (12), Windows 3.x (40), the Adobe
    /// variants (52, 56), OS/2 2.x (64), Windows 95 (108) and Windows 98 (124).
    static let bmpInfoHeaderSizes: Set<UInt32> = [12, 40, 52, 56, 64, 108, 124]

    /// "BM" followed, at offset 14, by a known info header size: "BM" alone starts too much text.
    static func isBMP(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 18, bytes.starts(with: Array("BM".utf8)) else { return false }
        let headerSize = (0..<4).reduce(UInt32(0)) { value, index in value | UInt32(bytes[14 + index]) << (8 * index) }
        return bmpInfoHeaderSizes.contains(headerSize)
    }

    /// A JPEG XL codestream's signature, FF 0A (ISO/IEC 18181-1, 9.1), or the signature box that
    /// starts its container, `00 00 00 0C "JXL " 0D 0A 87 0A` (ISO/IEC 18181-2, 9.1). FF is no
    /// UTF-8 lead byte, so no text starts like a codestream.
    static func isJXL(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.starts(with: jxlCodestreamSignature) || bytes.starts(with: jxlContainerSignature)
    }

    static let jxlCodestreamSignature: [UInt8] = [0xFF, 0x0A]
    static let jxlContainerSignature: [UInt8] = [0, 0, 0, 0x0C] + Array("JXL ".utf8) + [0x0D, 0x0A, 0x87, 0x0A]

    /// Brands of an ISO media "ftyp" box that mean AVIF (AV1 image and sequence).
    private static let avifBrands: Set<String> = ["avif", "avis"]
    /// Brands that mean HEIC (HEVC image, image sequence and their variants).
    private static let heicBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]

    /// AVIF or HEIC, from the "ftyp" box's major and compatible brands (ISO/IEC 14496-12,
    /// 4.3; ISO/IEC 23008-12, annex B). A generic "mif1" file is HEIC unless an AVIF brand
    /// is listed.
    static func heifFormat(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        guard bytes.count >= 16, bytes.dropFirst(4).starts(with: Array("ftyp".utf8)) else { return nil }
        let boxSize = (0..<4).reduce(0) { value, index in value << 8 | Int(bytes[index]) }
        let end = min(max(boxSize, 16), bytes.count)
        // The major brand at 8, the minor version at 12, then compatible brands.
        var brands = [brand(in: bytes, at: 8)]
        var offset = 16
        while offset + 4 <= end {
            brands.append(brand(in: bytes, at: offset))
            offset += 4
        }
        if brands.contains(where: avifBrands.contains) { return .avif }
        if brands.contains(where: heicBrands.contains) || brands.contains("mif1") || brands.contains("msf1") {
            return .heic
        }
        return nil
    }

    private static func brand(in bytes: UnsafeRawBufferPointer, at offset: Int) -> String {
        String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }
}
