import SepiaImaging

/// Draws an image with text: each cell is an upper half block "▀" (U+2580) whose
/// foreground is one pixel and whose background is the pixel below it, so a cell shows two
/// pixels stacked. Works in any terminal with 24-bit or 256 colours.
public enum HalfBlockImage {
    /// The upper half block.
    static let upperHalfBlock = "\u{2580}"

    /// The cells for `image`: `width` columns and ⌈`height` / 2⌉ rows. Pixels are composited
    /// over black (alpha 0 is black). When the height is odd, the lower halves of the last
    /// row keep the terminal's default background.
    ///
    /// The caller scales the image beforehand to the cells it has: `columns` pixels wide and
    /// `2 × rows` pixels high (off the main thread, it is the costly part).
    public static func cells(for image: RGBAImage) -> [[Cell]] {
        stride(from: 0, to: image.height, by: 2).map { top in
            (0..<image.width).map { x in
                let upper = CellColor.rgb(opaqueColor(image, x: x, y: top))
                let lower = top + 1 < image.height ? CellColor.rgb(opaqueColor(image, x: x, y: top + 1)) : .terminalDefault
                return Cell(text: upperHalfBlock, style: CellStyle(foreground: upper, background: lower))
            }
        }
    }

    /// The pixel at `x`, `y` composited over black, rounded to nearest.
    private static func opaqueColor(_ image: RGBAImage, x: Int, y: Int) -> RGB {
        let pixel = image.pixel(x: x, y: y)
        let alpha = UInt32(pixel.alpha)
        func over(_ channel: UInt8) -> UInt8 { UInt8((UInt32(channel) * alpha + 127) / 255) }
        return RGB(over(pixel.red), over(pixel.green), over(pixel.blue))
    }
}
