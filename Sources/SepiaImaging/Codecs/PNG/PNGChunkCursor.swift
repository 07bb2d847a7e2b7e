/// One chunk of PNG data, found from its header (PNG specification, §5.3: a 4-byte big-endian
/// length, a 4-byte type, the data and a 4-byte CRC over type and data).
struct PNGChunk {
    /// The type as a big-endian number ("IDAT" is 0x4944_4154).
    let type: UInt32
    /// Where the whole chunk lies, length to CRC.
    let range: Range<Int>
    /// Where its data lies.
    var data: Range<Int> { (range.lowerBound + 8)..<(range.upperBound - 4) }

    /// The number of a chunk type's four letters.
    static func type(_ name: StaticString) -> UInt32 {
        name.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }
}

/// Reads the chunks of PNG data one after another, from after the signature.
struct PNGChunkCursor {
    private let bytes: UnsafeRawBufferPointer
    /// Where the next chunk starts.
    var offset = 8

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The next chunk, or nil once the data ends where a chunk would start.
    ///
    /// - Throws: `.truncated` when a chunk runs past the end of the data.
    mutating func next() throws -> PNGChunk? {
        guard offset < bytes.count else { return nil }
        guard bytes.count - offset >= 12 else { throw ImageDecodingError.truncated(format: .png) }
        let length = Int(uint32(at: offset))
        guard length <= bytes.count - offset - 12 else { throw ImageDecodingError.truncated(format: .png) }
        let chunk = PNGChunk(type: uint32(at: offset + 4), range: offset..<(offset + 12 + length))
        offset = chunk.range.upperBound
        return chunk
    }

    /// The big-endian 32-bit number at `offset`, which the caller has checked lies in the data.
    func uint32(at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }

    /// The byte at `offset`.
    func byte(at offset: Int) -> UInt8 { bytes[offset] }

    /// The big-endian 16-bit number at `offset`.
    func uint16(at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    /// Whether `chunk`'s CRC matches its type and data.
    func hasValidCRC(_ chunk: PNGChunk) -> Bool {
        let covered = UnsafeRawBufferPointer(rebasing: bytes[(chunk.range.lowerBound + 4)..<chunk.data.upperBound])
        return PNGCRC.checksum(covered) == uint32(at: chunk.data.upperBound)
    }
}
