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
            for (column, first) in weights.firstSource.enumerated() {
                var sum = SIMD4<Float>.zero
                var pixel = source + first * bytesPerPixel
                for tap in 0..<weights.taps {
                    let alpha = Float(pixel[3])
                    let weight = table[column * weights.taps + tap] * alpha * (1 / 255)
                    sum += SIMD4(Float(pixel[0]), Float(pixel[1]), Float(pixel[2]), 255) * weight
                    pixel += bytesPerPixel
                }
                output[column] = sum
            }
        }
    }

    /// Blends the premultiplied rows that make up output row `outputRow` (`tapRows`: the
    /// rows from `weights.firstSource[outputRow]` on, one per tap) and writes it as
    /// straight-alpha RGBA bytes: the second pass of a resize, also run by `StreamingResize`.
    static func blendRows(
        _ tapRows: UnsafeBufferPointer<UnsafePointer<SIMD4<Float>>>, width: Int, outputRow: Int, weights: ResampleWeights,
        into output: UnsafeMutablePointer<UInt8>
    ) {
        weights.weights.withUnsafeBufferPointer { table in
            let rowWeights = table.baseAddress! + outputRow * weights.taps
            for column in 0..<width {
                var sum = SIMD4<Float>.zero
                for tap in 0..<tapRows.count {
                    sum += tapRows[tap][column] * rowWeights[tap]
                }
                let alpha = sum[3]
                let straight = alpha > 0.5 ? sum * (255 / alpha) : .zero
                let bytes = (SIMD4(straight[0], straight[1], straight[2], alpha) + 0.5)
                    .clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
                let pixel = output + column * bytesPerPixel
                pixel[0] = UInt8(bytes[0])
                pixel[1] = UInt8(bytes[1])
                pixel[2] = UInt8(bytes[2])
                pixel[3] = UInt8(bytes[3])
            }
        }
    }
}
