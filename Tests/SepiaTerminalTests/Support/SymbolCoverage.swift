import Foundation
import SepiaImaging
import SepiaTerminal

/// Which parts of a cell a block, quadrant or sextant character covers, read from its Unicode
/// name: an oracle independent of the code point tables under test.
///
/// Parts are given on a grid of 2 columns × 6 rows, which every symbol set divides evenly:
/// a half block covers 1 × 6 or 2 × 3 of them, a quadrant 1 × 3, a sextant 1 × 2.
enum SymbolCoverage {
    static let gridWidth = 2
    static let gridHeight = 6

    /// Whether `text` draws its foreground at grid column `x`, row `y`; nil for a character
    /// that is none of those (a test failure).
    static func covers(_ text: String, x: Int, y: Int) -> Bool? {
        guard let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1, let name = scalar.properties.name else {
            return nil
        }
        let (upper, left) = (y < 3, x == 0)
        switch name {
        case "SPACE": return false
        case "FULL BLOCK": return true
        case "UPPER HALF BLOCK": return upper
        case "LOWER HALF BLOCK": return !upper
        case "LEFT HALF BLOCK": return left
        case "RIGHT HALF BLOCK": return !left
        default: break
        }
        if name.hasPrefix("QUADRANT ") {
            let quadrants = name.dropFirst("QUADRANT ".count).components(separatedBy: " AND ")
            return quadrants.contains((upper ? "UPPER " : "LOWER ") + (left ? "LEFT" : "RIGHT"))
        }
        if name.hasPrefix("BLOCK SEXTANT-") {
            let position = (y / 2) * 2 + x + 1
            return name.dropFirst("BLOCK SEXTANT-".count).contains(Character(String(position)))
        }
        return nil
    }

    /// `cells` drawn back into pixels, `gridWidth` × `gridHeight` a cell; a cell that is not a
    /// block character, or not in 24-bit colours, is drawn magenta.
    static func render(_ cells: [[Cell]]) -> RGBAImage {
        let columns = cells.first?.count ?? 0
        var image = RGBAImage(width: max(columns * gridWidth, 1), height: max(cells.count * gridHeight, 1), red: 255, green: 0, blue: 255)
        // Each character's coverage, read from its name once.
        var coverage: [String: [Bool?]] = [:]
        for (row, line) in cells.enumerated() {
            for (column, cell) in line.enumerated() {
                guard case .rgb(let foreground) = cell.style.foreground, case .rgb(let background) = cell.style.background else {
                    continue
                }
                let parts =
                    coverage[cell.text]
                    ?? (0..<(gridWidth * gridHeight)).map { covers(cell.text, x: $0 % gridWidth, y: $0 / gridWidth) }
                coverage[cell.text] = parts
                for y in 0..<gridHeight {
                    for x in 0..<gridWidth {
                        guard let isForeground = parts[y * gridWidth + x] else { continue }
                        let color = isForeground ? foreground : background
                        image.setPixel(
                            x: column * gridWidth + x, y: row * gridHeight + y, red: color.red, green: color.green, blue: color.blue)
                    }
                }
            }
        }
        return image
    }
}
