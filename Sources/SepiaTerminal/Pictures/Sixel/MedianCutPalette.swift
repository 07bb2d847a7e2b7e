/// Median cut (Heckbert, "Color image quantization for frame buffer display", 1982) over a
/// histogram's bins, with two choices made for the squared error PSNR measures: the box cut
/// next is the one with the largest squared error around its mean, and it is cut along its
/// widest channel (by squared error) where the two halves' summed squared error along that
/// channel is least, rather than at the median pixel.
enum MedianCutPalette {
    /// Up to `count` colours for `histogram`: the mean of each box's pixels. Fewer when the
    /// histogram has fewer bins.
    static func colors(for histogram: ColorHistogram, count: Int) -> [RGB] {
        var entries = histogram.entries
        guard !entries.isEmpty else { return [] }
        var boxes = [Box(entries[...], range: 0..<entries.count)]
        while boxes.count < count {
            guard let widest = boxes.indices.max(by: { boxes[$0].error < boxes[$1].error }), boxes[widest].error > 0 else { break }
            let box = boxes[widest]
            let axis = box.widestAxis
            entries[box.range].sort { $0[axis] < $1[axis] }
            let cut = bestCut(entries[box.range], axis: axis)
            boxes[widest] = Box(entries[box.range.lowerBound..<cut], range: box.range.lowerBound..<cut)
            boxes.append(Box(entries[cut..<box.range.upperBound], range: cut..<box.range.upperBound))
        }
        return boxes.map(\.mean)
    }

    /// The index in `sorted` (sorted along `axis`, two entries or more) where the summed
    /// squared error of the two halves along `axis` is least; both halves keep an entry.
    private static func bestCut(_ sorted: ArraySlice<ColorHistogram.Entry>, axis: Int) -> Int {
        var total = Moments()
        for entry in sorted { total.add(Double(entry[axis]), weight: Double(entry.count)) }
        var left = Moments()
        var best = (index: sorted.startIndex + 1, error: Double.infinity)
        for index in sorted.startIndex..<(sorted.endIndex - 1) {
            left.add(Double(sorted[index][axis]), weight: Double(sorted[index].count))
            let error = left.squaredError + total.subtracting(left).squaredError
            if error < best.error { best = (index + 1, error) }
        }
        return best.index
    }

    /// Count, sum and sum of squares of weighted values.
    private struct Moments {
        var weight = 0.0
        var sum = 0.0
        var squares = 0.0

        mutating func add(_ value: Double, weight: Double) {
            self.weight += weight
            sum += value * weight
            squares += value * value * weight
        }

        func subtracting(_ other: Moments) -> Moments {
            Moments(weight: weight - other.weight, sum: sum - other.sum, squares: squares - other.squares)
        }

        /// The summed squared distance of the values from their mean.
        var squaredError: Double { weight > 0 ? max(0, squares - sum * sum / weight) : 0 }
    }

    /// A box of bins: a range of the entries, with its moments per channel.
    private struct Box {
        let range: Range<Int>
        let channels: [Moments]

        init(_ entries: ArraySlice<ColorHistogram.Entry>, range: Range<Int>) {
            self.range = range
            var channels = [Moments(), Moments(), Moments()]
            for entry in entries {
                for axis in 0..<3 { channels[axis].add(Double(entry[axis]), weight: Double(entry.count)) }
            }
            self.channels = channels
        }

        /// The squared error around the mean over all channels; 0 for a single bin, which is
        /// never cut.
        var error: Double { range.count > 1 ? channels.reduce(0) { $0 + $1.squaredError } : 0 }

        /// The channel with the largest squared error.
        var widestAxis: Int { (0..<3).max { channels[$0].squaredError < channels[$1].squaredError }! }

        /// The mean colour, rounded to nearest.
        var mean: RGB {
            func level(_ moments: Moments) -> UInt8 { UInt8(min(255, max(0, (moments.sum / moments.weight).rounded()))) }
            return RGB(level(channels[0]), level(channels[1]), level(channels[2]))
        }
    }
}
