import Foundation

/// Finding the pictures on a screenshot.
extension RGBImage {
    /// A rectangle of pixels.
    package struct Box: Equatable, Sendable, CustomStringConvertible {
        package var x: Int
        package var y: Int
        package var width: Int
        package var height: Int

        package var description: String { "\(width)x\(height)+\(x)+\(y)" }
    }

    /// The rectangles of the pictures that look like photos (``looksLikePhoto``), at least
    /// `minimumSide` pixels each way, top to bottom and left to right: pixels that differ from
    /// the background (the colour of the bottom right pixel inside `border`) by more than 20
    /// levels in a channel, split into bands of rows, then into runs of columns within each
    /// band, by gaps of background at least 3 pixels wide.
    ///
    /// A picture whose edge is close to the background colour comes out a little smaller;
    /// pictures that touch are one box.
    package func photoBoxes(border: Int = 0, minimumSide: Int = 24) -> [Box] {
        guard width > 2 * border, height > 2 * border else { return [] }
        let background = pixel(x: width - 1 - border, y: height - 1 - border)
        // One pass over the pixels: which differ from the background.
        var differing = [Bool](repeating: false, count: width * height)
        for index in differing.indices {
            let byte = index * 3
            differing[index] =
                abs(Int(bytes[byte]) - Int(background.red)) > 20 || abs(Int(bytes[byte + 1]) - Int(background.green)) > 20
                || abs(Int(bytes[byte + 2]) - Int(background.blue)) > 20
        }
        func differs(_ x: Int, _ y: Int) -> Bool { differing[y * width + x] }
        let xs = border..<(width - border)
        let ys = border..<(height - border)
        var boxes: [Box] = []
        for band in Self.runs(in: ys, where: { y in xs.lazy.filter { differs($0, y) }.count >= 4 }) {
            for columns in Self.runs(in: xs, where: { x in band.lazy.filter { differs(x, $0) }.count >= 4 }) {
                let rows = Self.runs(in: band, where: { y in columns.lazy.filter { differs($0, y) }.count >= 4 })
                guard let top = rows.first?.lowerBound, let bottom = rows.last?.upperBound else { continue }
                let box = Box(x: columns.lowerBound, y: top, width: columns.count, height: bottom - top)
                guard box.width >= minimumSide, box.height >= minimumSide else { continue }
                if cropped(x: box.x, y: box.y, width: box.width, height: box.height).looksLikePhoto { boxes.append(box) }
            }
        }
        return boxes
    }

    /// The runs of `range` where `holds` is true, joined across gaps of fewer than 3.
    private static func runs(in range: Range<Int>, where holds: (Int) -> Bool) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        var lastTrue = range.lowerBound - 10
        for index in range {
            guard holds(index) else { continue }
            if let open = start, index - lastTrue <= 3 {
                start = open
            } else {
                if let open = start { runs.append(open..<(lastTrue + 1)) }
                start = index
            }
            lastTrue = index
        }
        if let open = start { runs.append(open..<(lastTrue + 1)) }
        return runs
    }
}
