/// Resizes an image that arrives a few rows at a time, handing out each output row as soon as
/// the source rows it covers have arrived: the arithmetic of ``RGBAImage/resized(to:parallel:)``,
/// byte for byte, with `taps` rows of floats in memory instead of the whole first pass.
///
/// Source rows are shrunk (or stretched) horizontally as they come into a ring of `taps` rows;
/// output row `r` blends the rows from `firstSource[r]` on, so it is ready when its last row has
/// arrived, and since `firstSource` never decreases, a row is overwritten only after every output
/// row that reads it has been handed out.
struct StreamingResize {
    private let horizontal: ResampleWeights
    private let vertical: ResampleWeights
    /// The size of the output.
    let target: PixelSize
    /// `vertical.taps` rows of `target.width` premultiplied pixels; source row `s` is in slot `s % taps`.
    private var ring: [SIMD4<Float>]
    /// One output row of RGBA bytes.
    private var outputRow: [UInt8]
    private var nextSourceRow = 0
    private var nextOutputRow = 0

    /// A resize of a `source`-sized image to exactly `target`.
    init(source: PixelSize, target: PixelSize) {
        precondition(target.width > 0 && target.height > 0, "the target size must be positive")
        horizontal = ResampleWeights(source: source.width, target: target.width)
        vertical = ResampleWeights(source: source.height, target: target.height)
        self.target = target
        ring = [SIMD4<Float>](repeating: .zero, count: vertical.taps * target.width)
        outputRow = [UInt8](repeating: 0, count: target.width * RGBAImage.bytesPerPixel)
    }

    /// The bytes a resize from `source` to `target` holds: its ring of rows of floats and its
    /// output row.
    static func workingBytes(source: PixelSize, target: PixelSize) -> UInt64 {
        let taps = UInt64(ResampleWeights.taps(source: source.height, target: target.height))
        let ringRow = UInt64(target.width * MemoryLayout<SIMD4<Float>>.stride)
        return taps * ringRow + UInt64(target.width * RGBAImage.bytesPerPixel)
    }

    /// Takes the next `count` source rows (`bytesPerRow` apart from `rows`) and calls `emit`
    /// with each output row they complete, in order.
    mutating func add(
        _ rows: UnsafePointer<UInt8>, bytesPerRow: Int, count: Int, emit: (UnsafePointer<UInt8>) throws -> Void
    ) rethrows {
        let (width, taps, height) = (target.width, vertical.taps, target.height)
        let (horizontal, vertical) = (horizontal, vertical)
        var (sourceRow, outputRowIndex) = (nextSourceRow, nextOutputRow)
        defer { (nextSourceRow, nextOutputRow) = (sourceRow, outputRowIndex) }
        try ring.withUnsafeMutableBufferPointer { ring in
            try outputRow.withUnsafeMutableBufferPointer { output in
                try withUnsafeTemporaryAllocation(of: UnsafePointer<SIMD4<Float>>.self, capacity: taps) { tapRows in
                    for index in 0..<count {
                        RGBAImage.resampleRow(
                            rows + index * bytesPerRow, into: ring.baseAddress! + (sourceRow % taps) * width, weights: horizontal)
                        while outputRowIndex < height, vertical.firstSource[outputRowIndex] + taps - 1 <= sourceRow {
                            let first = vertical.firstSource[outputRowIndex]
                            for tap in 0..<taps {
                                tapRows[tap] = UnsafePointer(ring.baseAddress! + ((first + tap) % taps) * width)
                            }
                            RGBAImage.blendRows(
                                UnsafeBufferPointer(tapRows), width: width, outputRow: outputRowIndex, weights: vertical,
                                into: output.baseAddress!)
                            try emit(output.baseAddress!)
                            outputRowIndex += 1
                        }
                        sourceRow += 1
                    }
                }
            }
        }
    }
}
