/// The CRC-32 of PNG chunks (PNG specification, Annex D: polynomial 0xEDB88320, reflected,
/// starting from and finished with all ones), computed a byte at a time from a table.
enum PNGCRC {
    private static let table: [UInt32] = (0..<256).map { entry in
        (0..<8).reduce(UInt32(entry)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }

    /// The CRC of `bytes`, continuing from `start` (the CRC of what came before, 0 for nothing).
    static func checksum(_ bytes: some Sequence<UInt8>, continuing start: UInt32 = 0) -> UInt32 {
        let table = table
        var crc = ~start
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }
}
