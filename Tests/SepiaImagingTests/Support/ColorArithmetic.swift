import CSepiaCodecs
import Foundation

@testable import SepiaImaging

/// RGB-to-sRGB conversion in plain floating point, from the definitions: the reference for
/// PNG's gAMA and cHRM and HEIF's nclx. RGB to XYZ from chromaticities (SMPTE RP 177), sRGB's curve from
/// IEC 61966-2-1. Both spaces here share D65 white, so no chromatic adaptation is needed.
enum ColorArithmetic {
    /// `image` (samples decoding as v ^ `decodingGamma`, or with sRGB's curve when it is 0, in
    /// the space of `chromaticities`) converted to sRGB, rounded to 8 bits.
    static func convert(_ image: RGBAImage, decodingGamma: Double, from chromaticities: sepia_chromaticities) -> RGBAImage {
        let toXYZ = rgbToXYZ(chromaticities)
        let fromXYZ = inverse(rgbToXYZ(ColorProfiles.srgbChromaticities))
        let matrix = multiply(fromXYZ, toXYZ)
        var output = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                let linear = [pixel.red, pixel.green, pixel.blue].map { decode(Double($0) / 255, gamma: decodingGamma) }
                let srgb = (0..<3).map { row in encodeSRGB((0..<3).reduce(0) { $0 + matrix[row][$1] * linear[$1] }) }
                output.setPixel(x: x, y: y, red: srgb[0], green: srgb[1], blue: srgb[2], alpha: pixel.alpha)
            }
        }
        return output
    }

    private static func decode(_ encoded: Double, gamma: Double) -> Double {
        guard gamma == 0 else { return pow(encoded, gamma) }
        return encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }

    private static func encodeSRGB(_ linear: Double) -> UInt8 {
        let clamped = min(max(linear, 0), 1)
        let encoded = clamped <= 0.0031308 ? 12.92 * clamped : 1.055 * pow(clamped, 1 / 2.4) - 0.055
        return UInt8((encoded * 255).rounded())
    }

    private static func rgbToXYZ(_ c: sepia_chromaticities) -> [[Double]] {
        func xyz(_ x: Double, _ y: Double) -> [Double] { [x / y, 1, (1 - x - y) / y] }
        let primaries = [xyz(c.red_x, c.red_y), xyz(c.green_x, c.green_y), xyz(c.blue_x, c.blue_y)]
        let columns = (0..<3).map { row in (0..<3).map { primaries[$0][row] } }
        let white = xyz(c.white_x, c.white_y)
        let inverted = inverse(columns)
        let scale = (0..<3).map { row in (0..<3).reduce(0) { $0 + inverted[row][$1] * white[$1] } }
        return (0..<3).map { row in (0..<3).map { columns[row][$0] * scale[$0] } }
    }

    private static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<3).map { row in (0..<3).map { column in (0..<3).reduce(0) { $0 + a[row][$1] * b[$1][column] } } }
    }

    private static func inverse(_ m: [[Double]]) -> [[Double]] {
        let determinant =
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        func cofactor(_ row: Int, _ column: Int) -> Double {
            let rows = (0..<3).filter { $0 != row }, columns = (0..<3).filter { $0 != column }
            let minor = m[rows[0]][columns[0]] * m[rows[1]][columns[1]] - m[rows[0]][columns[1]] * m[rows[1]][columns[0]]
            return (row + column) % 2 == 0 ? minor : -minor
        }
        return (0..<3).map { row in (0..<3).map { column in cofactor(column, row) / determinant } }
    }
}
