import SepiaImaging

/// Maps a picture's pixels to a palette, optionally with Floyd–Steinberg error diffusion
/// (Floyd and Steinberg, "An adaptive algorithm for spatial greyscale", 1976: 7/16 of a
/// pixel's error to the next pixel, 3/16, 5/16 and 1/16 to the three below) on serpentine
/// rows, which avoids the diagonal drift of always scanning left to right.
///
/// Nearest colours are remembered per 64 × 64 × 64 cell of RGB (the first colour to reach a
/// cell decides it): a photo's pixels, dithered or not, fall in a few thousand cells, so most
/// pixels cost a table read instead of a palette search. The error diffused is measured
/// against the colour actually chosen, which corrects what the cell's coarseness adds.
enum ErrorDiffusion {
    /// `image` as indices into `palette`; pixels whose alpha is below
    /// `SixelEncoder.opaqueAlpha` are `IndexedImage.transparent` and neither take nor pass on
    /// error.
    /// - Precondition: `palette` is not empty.
    static func indexed(_ image: RGBAImage, palette: [RGB], diffusesError: Bool) -> IndexedImage {
        let width = image.width
        var nearest = NearestColor(palette)
        let levels = palette.flatMap { [Int32($0.red), Int32($0.green), Int32($0.blue)] }
        var cache = [UInt16](repeating: IndexedImage.transparent, count: 1 << 18)
        var indices = [UInt16](repeating: IndexedImage.transparent, count: image.pixelCount)
        // Error in sixteenths per channel for two rows, the one being drawn and the next, each
        // with one spare pixel at both ends so that the edges need no test.
        let rowLength = (width + 2) * 3
        var errors = [Int32](repeating: 0, count: 2 * rowLength)
        image.pixels.withUnsafeBufferPointer { pixels in
            indices.withUnsafeMutableBufferPointer { indices in
                cache.withUnsafeMutableBufferPointer { cache in
                    levels.withUnsafeBufferPointer { levels in
                        errors.withUnsafeMutableBufferPointer { errors in
                            for row in 0..<image.height {
                                let current = (row % 2) * rowLength, next = rowLength - current
                                for index in next..<(next + rowLength) { errors[index] = 0 }
                                let leftToRight = row % 2 == 0
                                let forward = leftToRight ? 3 : -3
                                for step in 0..<width {
                                    let column = leftToRight ? step : width - 1 - step
                                    let offset = row * image.bytesPerRow + column * RGBAImage.bytesPerPixel
                                    guard pixels[offset + 3] >= SixelEncoder.opaqueAlpha else { continue }
                                    let here = (column + 1) * 3
                                    var wanted = (Int32(pixels[offset]), Int32(pixels[offset + 1]), Int32(pixels[offset + 2]))
                                    if diffusesError {
                                        wanted.0 = min(255, max(0, wanted.0 + (errors[current + here] + 8) >> 4))
                                        wanted.1 = min(255, max(0, wanted.1 + (errors[current + here + 1] + 8) >> 4))
                                        wanted.2 = min(255, max(0, wanted.2 + (errors[current + here + 2] + 8) >> 4))
                                    }
                                    let cell = Int(wanted.0 >> 2) << 12 | Int(wanted.1 >> 2) << 6 | Int(wanted.2 >> 2)
                                    var chosen = cache[cell]
                                    if chosen == IndexedImage.transparent {
                                        chosen = nearest.index(red: wanted.0, green: wanted.1, blue: wanted.2)
                                        cache[cell] = chosen
                                    }
                                    indices[row * width + column] = chosen
                                    guard diffusesError else { continue }
                                    let level = Int(chosen) * 3
                                    func spread(_ channel: Int, _ difference: Int32) {
                                        errors[current + here + forward + channel] += difference * 7
                                        errors[next + here - forward + channel] += difference * 3
                                        errors[next + here + channel] += difference * 5
                                        errors[next + here + forward + channel] += difference
                                    }
                                    spread(0, wanted.0 - levels[level])
                                    spread(1, wanted.1 - levels[level + 1])
                                    spread(2, wanted.2 - levels[level + 2])
                                }
                            }
                        }
                    }
                }
            }
        }
        return IndexedImage(width: width, height: image.height, indices: indices, palette: palette)
    }
}
