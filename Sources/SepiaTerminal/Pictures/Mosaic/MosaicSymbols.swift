public import SepiaImaging

/// The characters a ``MosaicImage`` draws each cell with: a grid of sub-cell pixels per cell,
/// each shown in either the cell's foreground or its background colour.
///
/// A pattern is a bit mask over the cell's pixels in reading order (bit `row × width +
/// column`, from the top left): a set bit shows the foreground, a clear one the background.
public enum MosaicSymbols: String, Sendable, CaseIterable {
    /// 2 × 2 pixels a cell: the space, the full block, the four half blocks and the ten
    /// quadrant characters of Unicode's Block Elements (U+2580–U+259F). Nearly every
    /// monospaced font has them.
    case quadrants
    /// 2 × 3 pixels a cell: the 60 sextants of Symbols for Legacy Computing (U+1FB00–U+1FB3B)
    /// with the space, the full block and the left and right half blocks, which complete the
    /// 64 patterns. kitty, foot, WezTerm and contour draw them themselves; elsewhere they
    /// show only if the font has them.
    case sextants

    /// The pixels each cell covers, columns by rows.
    public var pixelsPerCell: PixelSize {
        switch self {
        case .quadrants: PixelSize(width: 2, height: 2)
        case .sextants: PixelSize(width: 2, height: 3)
        }
    }

    /// The number of pixels each cell covers, and of bits in a pattern.
    var pixelCount: Int { pixelsPerCell.width * pixelsPerCell.height }

    /// The character that draws `pattern` (every pattern has one).
    func character(for pattern: Int) -> String {
        switch self {
        case .quadrants: Self.quadrantCharacters[pattern]
        case .sextants: Self.sextantCharacters[pattern]
        }
    }

    /// Quadrant patterns: bit 0 upper left, 1 upper right, 2 lower left, 3 lower right.
    /// Code points from Unicode's Block Elements chart (U+2580–U+259F).
    private static let quadrantCharacters: [String] = [
        " ", "\u{2598}", "\u{259D}", "\u{2580}",  // none, ▘, ▝, ▀
        "\u{2596}", "\u{258C}", "\u{259E}", "\u{259B}",  // ▖, ▌, ▞, ▛
        "\u{2597}", "\u{259A}", "\u{2590}", "\u{259C}",  // ▗, ▚, ▐, ▜
        "\u{2584}", "\u{2599}", "\u{259F}", "\u{2588}",  // ▄, ▙, ▟, █
    ]

    /// Sextant patterns: bit n is Unicode's sextant position n + 1 (1, 2 the top row, 3, 4
    /// the middle, 5, 6 the bottom). "BLOCK SEXTANT-1" (U+1FB00) onwards enumerate the masks
    /// 1…62 in order, leaving out 21 (positions 1, 3, 5: the left half block U+258C) and 42
    /// (2, 4, 6: the right half block U+2590); 0 is the space and 63 the full block U+2588.
    private static let sextantCharacters: [String] = (0..<64).map { mask in
        switch mask {
        case 0: " "
        case 21: "\u{258C}"
        case 42: "\u{2590}"
        case 63: "\u{2588}"
        default:
            String(Unicode.Scalar(0x1FB00 + UInt32(mask - 1 - (mask > 21 ? 1 : 0) - (mask > 42 ? 1 : 0)))!)
        }
    }
}
