/// Serialises an indexed picture as a sixel DCS string (DEC's VT330/VT340 programmer
/// reference, "Sixel Graphics"):
///
/// - `ESC P 0;1;0 q`: the device control string; P2 = 1 leaves pixels no sixel paints as they
///   were (transparent), and raster attributes `"1;1;width;height` give square pixels and the
///   picture's size;
/// - `#n;2;r;g;b` defines register n in RGB percent, `#n` selects it;
/// - each character from `?` (0x3F) to `~` (0x7E) paints the set bits of its value minus 0x3F in
///   one column of a band of six rows (bit 0 at the top); `!count` repeats the next character;
///   `$` returns to the band's first column, `-` moves to the next band;
/// - `ESC \` (ST) ends the string.
///
/// Each band draws only the colours present in it, each from the first column up to its last
/// pixel in the band (the columns before its first pixel are one `?` run), with runs of four
/// characters or more repeated by `!`.
enum SixelWriter {
    /// The smallest run written as `!count`: `!4x` is shorter than `xxxx`, `!3x` no shorter
    /// than `xxx`.
    static let shortestRepeat = 4

    /// The DCS string for `image`.
    static func bytes(for image: IndexedImage) -> [UInt8] {
        let width = image.width
        var output: [UInt8] = []
        output.reserveCapacity(image.indices.count / 2 + image.palette.count * 16 + 64)
        output += [0x1B] + Array("P0;1;0q\"1;1;".utf8)
        output.appendDecimal(width)
        output.append(UInt8(ascii: ";"))
        output.appendDecimal(image.height)
        for (register, color) in image.palette.enumerated() {
            output.append(UInt8(ascii: "#"))
            output.appendDecimal(register)
            output += Array(";2;".utf8)
            output.appendDecimal(SixelColor.percent(Int(color.red)))
            output.append(UInt8(ascii: ";"))
            output.appendDecimal(SixelColor.percent(Int(color.green)))
            output.append(UInt8(ascii: ";"))
            output.appendDecimal(SixelColor.percent(Int(color.blue)))
        }
        // Per register: its six-bit columns in the current band, the band it was last seen in,
        // and the first and last columns it paints there (palette size × width bytes: 80 KiB for
        // 256 registers and 320 columns).
        var columns = [UInt8](repeating: 0, count: image.palette.count * width)
        var seenInBand = [Int](repeating: -1, count: image.palette.count)
        var first = [Int](repeating: 0, count: image.palette.count)
        var last = [Int](repeating: 0, count: image.palette.count)
        var present: [Int] = []
        let bands = (image.height + 5) / 6
        image.indices.withUnsafeBufferPointer { indices in
            columns.withUnsafeMutableBufferPointer { columns in
                for band in 0..<bands {
                    present.removeAll(keepingCapacity: true)
                    for row in (band * 6)..<min(band * 6 + 6, image.height) {
                        let bit = UInt8(1) << (row - band * 6)
                        for column in 0..<width {
                            let index = indices[row * width + column]
                            guard index != IndexedImage.transparent else { continue }
                            let register = Int(index)
                            if seenInBand[register] != band {
                                seenInBand[register] = band
                                present.append(register)
                                first[register] = column
                                last[register] = column
                            } else {
                                first[register] = min(first[register], column)
                                last[register] = max(last[register], column)
                            }
                            columns[register * width + column] |= bit
                        }
                    }
                    if band > 0 { output.append(UInt8(ascii: "-")) }
                    for (position, register) in present.enumerated() {
                        if position > 0 { output.append(UInt8(ascii: "$")) }
                        output.append(UInt8(ascii: "#"))
                        output.appendDecimal(register)
                        let row = columns[(register * width)..<(register * width + last[register] + 1)]
                        appendRuns(of: row, to: &output)
                        for column in first[register]...last[register] { columns[register * width + column] = 0 }
                    }
                }
            }
        }
        output += [0x1B, UInt8(ascii: "\\")]
        return output
    }

    /// Appends `sixels` (six-bit values) as sixel characters, runs of `shortestRepeat` or more
    /// as `!count` and the character.
    private static func appendRuns(of sixels: Slice<UnsafeMutableBufferPointer<UInt8>>, to output: inout [UInt8]) {
        var start = sixels.startIndex
        while start < sixels.endIndex {
            let value = sixels[start]
            var end = start + 1
            while end < sixels.endIndex && sixels[end] == value { end += 1 }
            let character = 0x3F + value
            let count = end - start
            if count >= shortestRepeat {
                output.append(UInt8(ascii: "!"))
                output.appendDecimal(count)
                output.append(character)
            } else {
                for _ in 0..<count { output.append(character) }
            }
            start = end
        }
    }
}
