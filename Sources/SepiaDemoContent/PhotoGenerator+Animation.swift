package import SepiaImaging

extension PhotoGenerator {
    /// `frames` canvases of `width` × `height` pixels that pan across one scene, left to right,
    /// `step` pixels a frame: the scene is drawn once, `(frames - 1) × step` pixels wider, and
    /// each frame is a window of it. Deterministic, as ``render(width:height:)`` is.
    package func renderPan(width: Int, height: Int, frames: Int, step: Int) -> [RGBAImage] {
        let frames = max(frames, 1)
        let scene = render(width: width + (frames - 1) * max(step, 0), height: height)
        let rowBytes = width * RGBAImage.bytesPerPixel
        return (0..<frames).map { frame in
            let left = frame * max(step, 0) * RGBAImage.bytesPerPixel
            var pixels: [UInt8] = []
            pixels.reserveCapacity(rowBytes * height)
            for row in 0..<height {
                let start = row * scene.bytesPerRow + left
                pixels += scene.pixels[start..<(start + rowBytes)]
            }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }
    }
}
