/// JPEG APP2 "ICC_PROFILE" segments (ICC.1:2010, annex B.4): the identifier, the chunk's
/// sequence number and the chunk count, then the chunk.
enum ICCSegments {
    static func app2(_ chunk: [UInt8], number: Int = 1, of count: Int = 1) -> [UInt8] {
        let payload = Array("ICC_PROFILE".utf8) + [0, UInt8(number), UInt8(count)] + chunk
        let length = payload.count + 2
        return [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }
}
