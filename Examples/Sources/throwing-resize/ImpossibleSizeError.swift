import SepiaImaging

/// A resize to a box that no image fits: one of its sides is below 1 pixel.
struct ImpossibleSizeError: Error, CustomStringConvertible {
    /// The box asked for.
    let box: PixelSize

    /// "cannot fit an image in 0x16: both sides must be at least 1 pixel".
    var description: String { "cannot fit an image in \(box): both sides must be at least 1 pixel" }
}
