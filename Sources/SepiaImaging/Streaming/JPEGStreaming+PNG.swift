extension JPEGStreaming {
    /// A PNG as RGBA rows, a band at a time, into a JPEG: the rows `PNGDecoder` would make,
    /// converted to sRGB and filtered as ``ImageDecoder`` and ``RGBAImage/apply(_:parallel:)``
    /// do, shrunk as ``RGBAImage/resized(toFit:allowUpscaling:parallel:)`` does (a PNG has no
    /// DCT scaling: every row is decoded) and encoded as ``ImageEncoder`` encodes; alpha is
    /// dropped as the JPEG encoder drops it. Nil for a PNG that needs the whole-image path:
    /// - an interlaced one (Adam7: the first row is final only after the last pass);
    /// - with `keepingMetadata`, one whose eXIf chunk follows the image data (the JPEG's EXIF
    ///   goes before its pixels, and that chunk is read after every row).
    static func transcodePNG(
        _ data: UnsafeRawBufferPointer, matrix: ColorMatrix?, quality: Int, keepingMetadata: Bool, options: ImageDecodingOptions
    ) throws -> Output? {
        let png = try PNGReader(data)
        guard !png.isInterlaced, !keepingMetadata || !PNGChunkLayout.chunk("eXIf", followsImageDataIn: data) else {
            return nil
        }
        let size = options.targetSize.map { png.size.aspectFit(in: $0) } ?? png.size
        try options.admit(width: png.size.width, height: png.size.height, holding: bandFootprint(of: png.size, fittedTo: size))
        var profileWarnings: [String] = []
        let transform = ColorTransformCache.shared.transform(
            for: png.colorProfile(warnings: &profileWarnings), samples: .rgba, options: options, warnings: &profileWarnings)
        let metadata = keepingMetadata ? OutputMetadata(exif: png.exif) : nil
        try png.startRows()
        let bytes = try encodeRows(
            of: png.size, fittedTo: size, transform: transform, matrix: matrix, quality: quality, metadata: metadata,
            readRows: png.readRows(into:bytesPerRow:capacity:))
        try png.finishRows()
        let warnings = try png.acceptedWarnings(policy: options.damagePolicy)
        return Output(bytes: bytes, size: size, decodedSize: png.size, warnings: warnings + profileWarnings)
    }
}

/// Where chunks sit in PNG data, from their headers alone (PNG specification, §5.3: each chunk
/// is a 4-byte big-endian length, a 4-byte type, the data and a 4-byte CRC).
enum PNGChunkLayout {
    /// Whether a chunk of `type` comes after the first IDAT chunk of `data` (a whole PNG, its
    /// 8-byte signature first). Stops at IEND or at a header that runs past the end.
    static func chunk(_ type: String, followsImageDataIn data: UnsafeRawBufferPointer) -> Bool {
        func bigEndian(at offset: Int) -> UInt32 { (0..<4).reduce(0) { $0 << 8 | UInt32(data[offset + $1]) } }
        let (wanted, imageData, end) = (fourCharacterCode(type), fourCharacterCode("IDAT"), fourCharacterCode("IEND"))
        var offset = 8
        var seenImageData = false
        while offset + 8 <= data.count {
            let name = bigEndian(at: offset + 4)
            if name == end { return false }
            if name == imageData { seenImageData = true } else if seenImageData && name == wanted { return true }
            offset += 12 + Int(bigEndian(at: offset))
        }
        return false
    }

    private static func fourCharacterCode(_ type: String) -> UInt32 {
        type.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
