import SepiaImaging
import SepiaOperations

/// Resizes an image to fit a box, keeping its aspect ratio. Its `result` says how it went:
/// `.success` with the resized image, or `.failure` with an ``ImpossibleSizeError`` for a box
/// that no image fits.
final class ResizeOperation: ResultOperation<RGBAImage>, @unchecked Sendable {
    // @unchecked Sendable: both stored properties are immutable and Sendable.

    /// The image to resize.
    let image: RGBAImage
    /// The box the resized image must fit in.
    let box: PixelSize

    /// An operation that resizes `image` to fit `box` once a queue runs it.
    init(_ image: RGBAImage, toFit box: PixelSize) {
        self.image = image
        self.box = box
        super.init()
    }

    /// The resized image; throws ``ImpossibleSizeError`` when a side of the box is below 1 pixel.
    override func execute() throws -> RGBAImage {
        guard box.width > 0, box.height > 0 else { throw ImpossibleSizeError(box: box) }
        return image.resized(toFit: box)
    }
}
