/// Writes small JPEG files whose 8×8 blocks are flat (only a DC coefficient), independently of
/// libjpeg, for what our encoder never produces: grayscale, CMYK and YCCK data with or without
/// Adobe's APP14 marker, and progressive frames.
///
/// Follows ITU-T T.81: SOI, optional APP14 "Adobe", DQT (all ones), SOF0 or SOF2, DHT, SOS,
/// entropy-coded data, EOI. Every component is sampled 1×1, so the MCU holds one block of each.
/// With a quantiser of 1 a block of DC value (v − 128) × 8 decodes to exactly v (A.3.3).
/// A progressive file holds a single DC scan (Ss = Se = 0), which is a complete, valid file.
struct FlatBlockJPEGBuilder {
    var width: Int
    var height: Int
    /// 1 (grayscale), 3 (YCbCr) or 4 (CMYK or YCCK).
    var components: Int
    /// The APP14 transform flag (0: none, i.e. CMYK or RGB; 2: YCCK), or nil for no APP14.
    var adobeTransform: UInt8?
    var progressive = false

    /// The file; `value(component, blockX, blockY)` is the flat sample value of that block.
    func build(value: (Int, Int, Int) -> UInt8) -> [UInt8] {
        var file: [UInt8] = [0xFF, 0xD8]
        if let adobeTransform {
            file += segment(0xEE, Array("Adobe".utf8) + [0x00, 0x64, 0, 0, 0, 0, adobeTransform])
        }
        file += segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))
        var frame: [UInt8] = [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)]
        frame.append(UInt8(components))
        for id in 1...components { frame += [UInt8(id), 0x11, 0] }
        file += segment(progressive ? 0xC2 : 0xC0, frame)
        // DC table 0: categories 0...11, all 4-bit codes 0000...1011. AC table 0: EOB only, code "0".
        var tables: [UInt8] = [0x00, 0, 0, 0, 12] + [UInt8](repeating: 0, count: 12) + Array(0...11)
        if !progressive { tables += [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0x00] }
        file += segment(0xC4, tables)
        var scan: [UInt8] = [UInt8(components)]
        for id in 1...components { scan += [UInt8(id), 0x00] }
        scan += [0, progressive ? 0 : 63, 0]
        file += segment(0xDA, scan)
        file += entropyCodedData(value: value)
        return file + [0xFF, 0xD9]
    }

    private func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        let length = body.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + body
    }

    /// Huffman-coded DC differences (F.1.2.1), an EOB after each block of a baseline file.
    private func entropyCodedData(value: (Int, Int, Int) -> UInt8) -> [UInt8] {
        var writer = BitWriter()
        var predictions = [Int](repeating: 0, count: components)
        for blockY in 0..<(height + 7) / 8 {
            for blockX in 0..<(width + 7) / 8 {
                for component in 0..<components {
                    let dc = (Int(value(component, blockX, blockY)) - 128) * 8
                    let difference = dc - predictions[component]
                    predictions[component] = dc
                    let category = difference == 0 ? 0 : Int.bitWidth - abs(difference).leadingZeroBitCount
                    writer.write(category, bits: 4)
                    writer.write(difference >= 0 ? difference : difference + (1 << category) - 1, bits: category)
                    if !progressive { writer.write(0, bits: 1) }
                }
            }
        }
        return writer.finish()
    }
}

/// Packs bits most significant first, stuffing a 0x00 after each 0xFF byte (F.1.2.3).
private struct BitWriter {
    private var bytes: [UInt8] = []
    private var accumulator = 0
    private var count = 0

    mutating func write(_ value: Int, bits: Int) {
        for shift in stride(from: bits - 1, through: 0, by: -1) {
            accumulator = accumulator << 1 | (value >> shift & 1)
            count += 1
            if count == 8 { flushByte() }
        }
    }

    /// The bytes, the last one padded with 1 bits.
    mutating func finish() -> [UInt8] {
        while count != 0 { write(1, bits: 1) }
        return bytes
    }

    private mutating func flushByte() {
        bytes.append(UInt8(accumulator))
        if accumulator == 0xFF { bytes.append(0) }
        accumulator = 0
        count = 0
    }
}
