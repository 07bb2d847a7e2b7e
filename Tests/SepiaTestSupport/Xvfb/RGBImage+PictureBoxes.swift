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
    /// the background (the most common colour inside `border`) by more than 20 levels in a
    /// channel, split into bands of rows, then into runs of columns within each band, by gaps
    /// of background at least 2 pixels wide (a list's rows of pictures may be that close).
    ///
    /// A picture whose edge is close to the background colour comes out a little smaller;
    /// pictures that touch are one box.
    /// `skippedLines` pixel rows at the top and at the bottom are left out of the search (a
    /// program's title and status lines, which touch its pictures).
    package func photoBoxes(border: Int = 0, minimumSide: Int = 24, skippedLines: Int = 0) -> [Box] {
        guard width > 2 * border, height > 2 * (border + skippedLines) else { return [] }
        let background = mostCommonColour(border: border)
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
        let ys = (border + skippedLines)..<(height - border - skippedLines)
        var boxes: [Box] = []
        for band in Self.runs(in: ys, where: { y in xs.lazy.filter { differs($0, y) }.count >= 4 }) {
            for columns in Self.runs(in: xs, where: { x in band.lazy.filter { differs(x, $0) }.count >= 4 }) {
                // A band can hold pictures stacked in one column (something beside them, such as
                // a list's selection marker, bridged their gap): each run of rows is a picture.
                for rows in Self.runs(in: band, where: { y in columns.lazy.filter { differs($0, y) }.count >= 4 }) {
                    let box = Box(x: columns.lowerBound, y: rows.lowerBound, width: columns.count, height: rows.count)
                    guard box.width >= minimumSide, box.height >= minimumSide else { continue }
                    if cropped(x: box.x, y: box.y, width: box.width, height: box.height).looksLikePhoto { boxes.append(box) }
                }
            }
        }
        return boxes
    }

    /// The most common colour inside `border`, counted on every fourth pixel of every fourth row.
    private func mostCommonColour(border: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        var counts: [UInt32: Int] = [:]
        for y in stride(from: border, to: height - border, by: 4) {
            for x in stride(from: border, to: width - border, by: 4) {
                let colour = pixel(x: x, y: y)
                counts[UInt32(colour.red) << 16 | UInt32(colour.green) << 8 | UInt32(colour.blue), default: 0] += 1
            }
        }
        let key = counts.max { $0.value < $1.value }?.key ?? 0
        return (UInt8(truncatingIfNeeded: key >> 16), UInt8(truncatingIfNeeded: key >> 8), UInt8(truncatingIfNeeded: key))
    }

    /// The runs of `range` where `holds` is true, joined across gaps of fewer than 2.
    private static func runs(in range: Range<Int>, where holds: (Int) -> Bool) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        var lastTrue = range.lowerBound - 10
        for index in range {
            guard holds(index) else { continue }
            if let open = start, index - lastTrue <= 2 {
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
