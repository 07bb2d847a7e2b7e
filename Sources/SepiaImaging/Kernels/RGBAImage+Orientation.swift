extension RGBAImage {
    /// The image turned and mirrored as `orientation` says, so that it shows upright; width and
    /// height swap for orientations 5 to 8. Returns `self` for `.up`. The result has tightly
    /// packed rows.
    public func applyingOrientation(_ orientation: EXIFOrientation) -> RGBAImage {
        guard orientation != .up else { return self }
        let walk = SourceWalk(orientation: orientation, width: width, height: height, bytesPerRow: bytesPerRow)
        let outputWidth = orientation.swapsDimensions ? height : width
        let outputHeight = orientation.swapsDimensions ? width : height
        let pixelSize = Self.bytesPerPixel
        // Square tiles keep the orientations that read the source down its columns in cache.
        let tileSide = 64
        return pixels.withUnsafeBytes { source in
            RGBAImage(width: outputWidth, height: outputHeight) { buffer in
                let target = UnsafeMutableRawBufferPointer(buffer)
                for tileTop in stride(from: 0, to: outputHeight, by: tileSide) {
                    for tileLeft in stride(from: 0, to: outputWidth, by: tileSide) {
                        let tileRight = min(tileLeft + tileSide, outputWidth)
                        for y in tileTop..<min(tileTop + tileSide, outputHeight) {
                            var sourceOffset = walk.origin + y * walk.rowStep + tileLeft * walk.columnStep
                            var targetOffset = (y * outputWidth + tileLeft) * pixelSize
                            for _ in tileLeft..<tileRight {
                                let pixel = source.loadUnaligned(fromByteOffset: sourceOffset, as: UInt32.self)
                                target.storeBytes(of: pixel, toByteOffset: targetOffset, as: UInt32.self)
                                sourceOffset += walk.columnStep
                                targetOffset += pixelSize
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Where output pixel (x, y) comes from in the stored image: byte offset
/// `origin + y * rowStep + x * columnStep`.
///
/// With w × h the stored size, output (x, y) reads stored (sx, sy) =
/// 2: (w−1−x, y), 3: (w−1−x, h−1−y), 4: (x, h−1−y), 5: (y, x), 6: (y, h−1−x),
/// 7: (w−1−y, h−1−x), 8: (w−1−y, x) — each case of `EXIFOrientation` put in coordinates.
private struct SourceWalk {
    let origin: Int
    let rowStep: Int
    let columnStep: Int

    init(orientation: EXIFOrientation, width: Int, height: Int, bytesPerRow: Int) {
        let pixel = RGBAImage.bytesPerPixel
        let lastColumn = (width - 1) * pixel
        let lastRow = (height - 1) * bytesPerRow
        switch orientation {
        case .up: (origin, rowStep, columnStep) = (0, bytesPerRow, pixel)
        case .upMirrored: (origin, rowStep, columnStep) = (lastColumn, bytesPerRow, -pixel)
        case .down: (origin, rowStep, columnStep) = (lastRow + lastColumn, -bytesPerRow, -pixel)
        case .downMirrored: (origin, rowStep, columnStep) = (lastRow, -bytesPerRow, pixel)
        case .leftMirrored: (origin, rowStep, columnStep) = (0, pixel, bytesPerRow)
        case .right: (origin, rowStep, columnStep) = (lastRow, pixel, -bytesPerRow)
        case .rightMirrored: (origin, rowStep, columnStep) = (lastRow + lastColumn, -pixel, -bytesPerRow)
        case .left: (origin, rowStep, columnStep) = (lastColumn, -pixel, bytesPerRow)
        }
    }
}
