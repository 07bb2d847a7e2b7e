public import SepiaImaging

extension KittyGraphics {
    /// The placement id every directly placed image uses: each image is shown in one place at
    /// a time, and a new placement with the same image and placement id replaces the old one
    /// (kitty graphics protocol docs, "Display images on screen").
    static let placementID = 1

    /// The escape sequences that send `image` under `id` without showing it (`a=t`), for
    /// `place(id:)` to show it at the cursor, as often as it moves: as a PNG file, chunked and
    /// quiet as `transmit(_:id:columns:rows:)` sends it.
    /// - Precondition: `id` is not 0.
    public static func transmitForPlacement(_ image: RGBAImage, id: UInt32) -> [UInt8] {
        precondition(id != 0, "kitty image ids start at 1")
        let data = imageData(image)
        return chunkedCommands(keys: "a=t,\(data.format),i=\(id),q=2", payload: data.payload)
    }

    /// The escape sequence that shows image `id` at the cursor, at its own size in pixels
    /// from the cell's top left corner, without moving the cursor (`C=1`). It replaces the
    /// image's previous placement.
    public static func place(id: UInt32) -> [UInt8] {
        graphicsCommand("a=p,i=\(id),p=\(placementID),C=1,q=2", payload: [])
    }

    /// The escape sequence that deletes every image placed on the screen and frees their data
    /// (`a=d,d=A`), quietly: the last word of a program that placed images, on every way out.
    public static let deleteAllPlaced = graphicsCommand("a=d,d=A,q=2", payload: [])
}
