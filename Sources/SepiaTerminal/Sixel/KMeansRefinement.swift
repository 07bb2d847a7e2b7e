/// Lloyd's k-means iterations over a histogram's bins, weighted by their pixel counts: each
/// pass moves every palette colour to the mean of the bins nearest to it, which never
/// increases the squared error. Median cut's boxes are axis-aligned, so their means are not
/// the nearest-colour partition a picture is drawn with; a pass or two fixes most of that.
enum KMeansRefinement {
    /// `palette` after `passes` passes over `histogram`. A colour no bin is nearest to stays
    /// where it was.
    static func refine(_ palette: [RGB], over histogram: ColorHistogram, passes: Int) -> [RGB] {
        guard !palette.isEmpty else { return palette }
        var palette = palette
        for _ in 0..<passes {
            var nearest = NearestColor(palette)
            var sums = [Int](repeating: 0, count: palette.count * 4)
            for entry in histogram.entries {
                let index = Int(nearest.index(red: entry.red, green: entry.green, blue: entry.blue)) * 4
                let count = Int(entry.count)
                sums[index] += Int(entry.red) * count
                sums[index + 1] += Int(entry.green) * count
                sums[index + 2] += Int(entry.blue) * count
                sums[index + 3] += count
            }
            for index in palette.indices where sums[index * 4 + 3] > 0 {
                let count = sums[index * 4 + 3]
                func mean(_ sum: Int) -> UInt8 { UInt8((sum + count / 2) / count) }
                palette[index] = RGB(mean(sums[index * 4]), mean(sums[index * 4 + 1]), mean(sums[index * 4 + 2]))
            }
        }
        return palette
    }
}
