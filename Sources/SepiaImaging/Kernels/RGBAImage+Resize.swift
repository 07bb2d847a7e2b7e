import CSepiaKernels

extension RGBAImage {
    /// Returns the image scaled to fit inside `box`, keeping its aspect ratio ("aspect fit").
    ///
    /// Shrinking averages the covered area of the source (no nearest-neighbour aliasing);
    /// enlarging interpolates linearly and happens only with `allowUpscaling`. Colours are
    /// weighted by alpha, so transparent pixels do not darken their neighbours' edges.
    public func resized(toFit box: PixelSize, allowUpscaling: Bool = false, parallel: Bool = true) -> RGBAImage {
        resized(to: size.aspectFit(in: box, allowUpscaling: allowUpscaling), parallel: parallel)
    }

    /// Returns the image scaled to exactly `target`, which may change its aspect ratio.
    public func resized(to target: PixelSize, parallel: Bool = true) -> RGBAImage {
        precondition(target.width > 0 && target.height > 0, "the target size must be positive")
        if target == size { return self }
        let horizontal = ResampleWeights(source: width, target: target.width)
        let vertical = ResampleWeights(source: height, target: target.height)
        // Pass 1: each source row shrinks to the target width, in premultiplied floats.
        var columns = [SIMD4<Float>](repeating: .zero, count: target.width * height)
        let sourceRowBytes = bytesPerRow
        pixels.withUnsafeBufferPointer { source in
            columns.withUnsafeMutableBufferPointer { output in
                let shared = UncheckedSendable((source.baseAddress!, output.baseAddress!))
                RowPartition.run(rows: height, pixelsPerRow: width, parallel: parallel) { rows in
                    for row in rows {
                        Self.resampleRow(
                            shared.value.0 + row * sourceRowBytes, into: shared.value.1 + row * target.width,
                            weights: horizontal)
                    }
                }
            }
        }
        // Pass 2: each output row blends the rows it covers, then leaves premultiplied form.
        return RGBAImage(width: target.width, height: target.height) { output in
            columns.withUnsafeBufferPointer { columns in
                let shared = UncheckedSendable((columns.baseAddress!, output.baseAddress!))
                RowPartition.run(rows: target.height, pixelsPerRow: target.width, parallel: parallel) { rows in
                    withUnsafeTemporaryAllocation(of: UnsafePointer<SIMD4<Float>>.self, capacity: vertical.taps) { taps in
                        for row in rows {
                            for tap in 0..<vertical.taps {
                                taps[tap] = shared.value.0 + (vertical.firstSource[row] + tap) * target.width
                            }
                            Self.blendRows(
                                UnsafeBufferPointer(taps), width: target.width, outputRow: row, weights: vertical,
                                into: shared.value.1 + row * target.width * Self.bytesPerPixel)
                        }
                    }
                }
            }
        }
    }

    /// Shrinks or stretches one row of RGBA bytes into `weights.firstSource.count`
    /// premultiplied pixels: the first pass of a resize, also run row by row by `StreamingResize`.
    static func resampleRow(
        _ source: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<SIMD4<Float>>, weights: ResampleWeights
    ) {
        weights.weights.withUnsafeBufferPointer { table in
            weights.firstSource.withUnsafeBufferPointer { first in
                output.withMemoryRebound(to: Float.self, capacity: first.count * 4) { floats in
                    sepia_resample_row(source, first.baseAddress, table.baseAddress, weights.taps, first.count, floats)
                }
            }
        }
    }

    /// Blends the premultiplied rows that make up output row `outputRow` (`tapRows`: the
    /// rows from `weights.firstSource[outputRow]` on, one per tap) and writes it as
    /// straight-alpha RGBA bytes: the second pass of a resize, also run by `StreamingResize`.
    /// Both passes are C (`sepia_resample.h`): Swift checked every float-to-byte conversion of
    /// this one, half of its time.
    static func blendRows(
        _ tapRows: UnsafeBufferPointer<UnsafePointer<SIMD4<Float>>>, width: Int, outputRow: Int, weights: ResampleWeights,
        into output: UnsafeMutablePointer<UInt8>
    ) {
        weights.weights.withUnsafeBufferPointer { table in
            tapRows.withMemoryRebound(to: UnsafePointer<Float>?.self) { rows in
                sepia_blend_rows(rows.baseAddress, table.baseAddress! + outputRow * weights.taps, rows.count, width, output)
            }
        }
    }
}
