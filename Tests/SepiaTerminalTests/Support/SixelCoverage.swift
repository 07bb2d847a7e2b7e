/// How many times a sixel DCS string paints each pixel: the structure of the output, read
/// without colours (ImageMagick, the tests' decoder, paints unpainted pixels with register 0,
/// so it cannot tell transparent pixels from painted ones). The size comes from the raster
/// attributes; reads only what `SixelEncoder` writes (DEC's VT330/VT340 reference, "Sixel
/// Graphics").
struct SixelCoverage {
    let width: Int
    let height: Int
    /// Paint counts, row after row.
    var counts: [Int]

    init(_ text: [UInt8]) throws {
        guard let raster = text.firstIndex(of: UInt8(ascii: "\"")) else { throw Malformed(reason: "no raster attributes") }
        var position = raster + 1
        let numbers = Self.numbers(in: text, at: &position)
        guard numbers.count == 4 else { throw Malformed(reason: "raster attributes \(numbers)") }
        (width, height) = (numbers[2], numbers[3])
        counts = [Int](repeating: 0, count: width * height)
        var (column, band, repeatCount) = (0, 0, 1)
        while position < text.count {
            let byte = text[position]
            position += 1
            switch byte {
            case UInt8(ascii: "#"): _ = Self.numbers(in: text, at: &position)
            case UInt8(ascii: "!"): repeatCount = Self.numbers(in: text, at: &position).first ?? 1
            case UInt8(ascii: "$"): column = 0
            case UInt8(ascii: "-"): (column, band) = (0, band + 1)
            case 0x3F...0x7E:
                for _ in 0..<repeatCount {
                    for bit in 0..<6 where Int(byte - 0x3F) & (1 << bit) != 0 {
                        let row = band * 6 + bit
                        guard row < height, column < width else { throw Malformed(reason: "paints outside at \(column), \(row)") }
                        counts[row * width + column] += 1
                    }
                    column += 1
                }
                repeatCount = 1
            case 0x1B: return
            default: throw Malformed(reason: "unexpected byte \(byte)")
            }
        }
        throw Malformed(reason: "no string terminator")
    }

    /// The `;`-separated decimal numbers at `position`, which moves past them.
    private static func numbers(in text: [UInt8], at position: inout Int) -> [Int] {
        var numbers = [0]
        while position < text.count, text[position] == UInt8(ascii: ";") || (0x30...0x39).contains(text[position]) {
            if text[position] == UInt8(ascii: ";") {
                numbers.append(0)
            } else {
                numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(text[position] - 0x30)
            }
            position += 1
        }
        return numbers
    }

    struct Malformed: Error {
        let reason: String
    }
}
