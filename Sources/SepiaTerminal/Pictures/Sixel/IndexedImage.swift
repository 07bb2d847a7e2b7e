/// A picture as palette indices: what the quantiser or the exact palette makes and the sixel
/// writer serialises.
struct IndexedImage {
    /// The index of a pixel left unpainted (transparent).
    static let transparent = UInt16.max

    /// Width in pixels.
    let width: Int
    /// Height in pixels.
    let height: Int
    /// One index into `palette` per pixel, row after row, or `transparent`.
    var indices: [UInt16]
    /// The colours, fewer than `UInt16.max` of them (that index means transparent).
    var palette: [RGB]
}
