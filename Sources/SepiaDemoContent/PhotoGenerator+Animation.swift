package import SepiaImaging

extension PhotoGenerator {
    /// `frames` canvases of `width` × `height` pixels that pan across one scene, left to right,
    /// `step` pixels a frame: the scene is drawn once, `(frames - 1) × step` pixels wider, and
    /// each frame is a window of it. Deterministic, as ``render(width:height:)`` is.
    package func renderPan(width: Int, height: Int, frames: Int, step: Int) -> [RGBAImage] {
        let frames = max(frames, 1)
        let scene = render(width: width + (frames - 1) * max(step, 0), height: height)
        return (0..<frames).map { frame in
            var window = RGBAImage(width: width, height: height, red: 0, green: 0, blue: 0)
            let left = frame * max(step, 0) * 4
            let rowBytes = width * 4
            window.pixels.withUnsafeMutableBytes { target in
                scene.pixels.withUnsafeBytes { source in
                    for row in 0..<height {
                        let from = source.baseAddress! + row * scene.bytesPerRow + left
                        (target.baseAddress! + row * window.bytesPerRow).copyMemory(from: from, byteCount: rowBytes)
                    }
                }
            }
            return window
        }
    }
}
