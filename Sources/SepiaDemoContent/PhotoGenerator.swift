package import SepiaImaging

/// Draws deterministic, photo-like landscapes: a graded sky with a sun, layered mountain
/// ridges, a lake with reflections, coloured houses and grain.
///
/// The same seed and size always give the same pixels, so the demo server, tests and
/// benchmarks can make as many distinct "photos" as they need without shipping any. The
/// scenes have strong colours, smooth gradients and fine texture, so the sepia effect is
/// obvious and the JPEG codec has realistic work to do.
package struct PhotoGenerator: Sendable {
    /// The scene's seed: one seed, one picture.
    package let seed: UInt64

    /// Makes a generator for the scene numbered `seed`.
    package init(seed: UInt64) {
        self.seed = seed
    }

    /// Renders the scene at `width` × `height` pixels (opaque).
    package func render(width: Int, height: Int) -> RGBAImage {
        let scene = Scene(seed: seed, width: width, height: height)
        var image = RGBAImage(width: width, height: height) { buffer in
            buffer.initialize(repeating: 255)
        }
        image.pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let shared = UncheckedSendable(base)
            RowPartition.run(rows: height, pixelsPerRow: width, parallel: true) { rows in
                for y in rows {
                    scene.drawRow(y, into: shared.value + y * width * RGBAImage.bytesPerPixel)
                }
            }
        }
        return image
    }
}
