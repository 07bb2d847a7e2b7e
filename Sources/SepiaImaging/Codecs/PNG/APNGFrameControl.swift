/// An APNG `fcTL` chunk: where a frame goes on the canvas, how long it shows and how it is drawn
/// and disposed of (APNG specification, https://wiki.mozilla.org/APNG_Specification, "fcTL").
struct APNGFrameControl {
    /// What happens to the frame's rectangle once the frame has shown (`dispose_op`).
    enum Disposal: UInt8 {
        /// Left as it is.
        case none = 0
        /// Cleared to transparent black.
        case background = 1
        /// Given back what it held before the frame was drawn.
        case previous = 2
    }

    /// How the frame is drawn over the canvas (`blend_op`).
    enum Blend: UInt8 {
        /// Its pixels replace the rectangle's, alpha included.
        case source = 0
        /// Composited over the rectangle by its alpha.
        case over = 1
    }

    /// The frame's rectangle on the canvas.
    let x: Int, y: Int, width: Int, height: Int
    /// The delay before the next frame, in milliseconds, rounded.
    let delay: Int
    let disposal: Disposal
    let blend: Blend

    /// The chunk's 26 bytes of data, checked: a known disposal and blend, and a non-empty
    /// rectangle inside a canvas of `canvas` (the specification's rules).
    ///
    /// - Throws: `.corrupt` for a chunk that breaks them.
    init(_ chunk: PNGChunk, in cursor: PNGChunkCursor, canvas: PixelSize) throws {
        guard chunk.data.count == 26 else { throw Self.corrupt("an fcTL chunk holds \(chunk.data.count) bytes, not 26") }
        guard cursor.hasValidCRC(chunk) else { throw Self.corrupt("an fcTL chunk fails its CRC") }
        let start = chunk.data.lowerBound
        width = Int(cursor.uint32(at: start + 4))
        height = Int(cursor.uint32(at: start + 8))
        x = Int(cursor.uint32(at: start + 12))
        y = Int(cursor.uint32(at: start + 16))
        let numerator = Int(cursor.uint16(at: start + 20))
        // A denominator of 0 means 100: the numerator counts hundredths of a second.
        let stored = Int(cursor.uint16(at: start + 22))
        let denominator = stored == 0 ? 100 : stored
        delay = (numerator * 1_000 + denominator / 2) / denominator
        let disposalByte = cursor.byte(at: start + 24)
        let blendByte = cursor.byte(at: start + 25)
        guard let disposal = Disposal(rawValue: disposalByte), let blend = Blend(rawValue: blendByte) else {
            throw Self.corrupt("a frame has dispose_op \(disposalByte) and blend_op \(blendByte)")
        }
        self.disposal = disposal
        self.blend = blend
        guard width > 0, height > 0, x + width <= canvas.width, y + height <= canvas.height else {
            throw Self.corrupt("a frame of \(width)x\(height) pixels at (\(x), \(y)) is not inside the \(canvas) canvas")
        }
    }

    private static func corrupt(_ reason: String) -> ImageDecodingError {
        .corrupt(format: .png, reason: reason)
    }
}
