/// A small grid of labels turned and mirrored step by step: the reference the orientation tests
/// compare against, written from the TIFF 6.0 wording rather than from the decoder's formulas.
struct LabelGrid: Equatable, CustomStringConvertible {
    var width: Int
    var height: Int
    /// Row by row.
    var labels: [Int]

    func label(x: Int, y: Int) -> Int { labels[y * width + x] }

    /// The grid turned a quarter turn clockwise: the top row becomes the right column.
    func turnedClockwise() -> LabelGrid {
        var turned = [Int]()
        for y in 0..<width {
            for x in 0..<height { turned.append(label(x: y, y: height - 1 - x)) }
        }
        return LabelGrid(width: height, height: width, labels: turned)
    }

    /// The grid mirrored left to right.
    func mirrored() -> LabelGrid {
        var flipped = [Int]()
        for y in 0..<height {
            for x in 0..<width { flipped.append(label(x: width - 1 - x, y: y)) }
        }
        return LabelGrid(width: width, height: height, labels: flipped)
    }

    /// How a viewer shows a stored grid tagged with EXIF `orientation`. For example 6 ("row 0
    /// on the right, column 0 at the top") is a clockwise quarter turn, and 5 ("row 0 on the
    /// left, column 0 at the top") is that turn then a mirror.
    func upright(orientation: Int) -> LabelGrid {
        switch orientation {
        case 1: self
        case 2: mirrored()
        case 3: turnedClockwise().turnedClockwise()
        case 4: turnedClockwise().turnedClockwise().mirrored()
        case 5: turnedClockwise().mirrored()
        case 6: turnedClockwise()
        case 7: turnedClockwise().turnedClockwise().turnedClockwise().mirrored()
        case 8: turnedClockwise().turnedClockwise().turnedClockwise()
        default: preconditionFailure("orientation \(orientation)")
        }
    }

    var description: String {
        (0..<height).map { y in (0..<width).map { String(label(x: $0, y: y)) }.joined(separator: " ") }
            .joined(separator: " / ")
    }
}
