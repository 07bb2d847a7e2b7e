/// The 128-bit FNV-1a hash, used to turn cache keys into file names and to count names.
///
/// Not a cryptographic hash: collisions between honest keys are negligible at 128 bits, and
/// `DiskCache` stores each key inside its file and checks it on read, so a collision is a miss
/// rather than a wrong answer.
struct FNV1a128 {
    private var high: UInt64 = 0x6C62_272E_07BB_0142
    private var low: UInt64 = 0x62B8_2175_6295_C58D

    /// The hash of `bytes` as 32 lowercase hexadecimal digits.
    static func hex(of bytes: some Sequence<UInt8>) -> String {
        var hash = FNV1a128()
        for byte in bytes {
            hash.combine(byte)
        }
        return hash.high.hexDigits + hash.low.hexDigits
    }

    /// The low 64 bits of the hash of `bytes`, for counting or grouping by content.
    static func low64(of bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = FNV1a128()
        for byte in bytes {
            hash.combine(byte)
        }
        return hash.low
    }

    /// XORs the byte into the state, then multiplies the state by the 128-bit FNV prime
    /// 2^88 + 0x13B, modulo 2^128.
    private mutating func combine(_ byte: UInt8) {
        low ^= UInt64(byte)
        let (carry, product) = low.multipliedFullWidth(by: 0x13B)
        high = high &* 0x13B &+ carry &+ (low << 24)
        low = product
    }
}
