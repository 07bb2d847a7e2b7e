/// How the stored pixels of a photo are turned to show it upright: the value of the EXIF
/// (TIFF) Orientation tag, 0x0112.
///
/// Case names follow Apple's `CGImagePropertyOrientation`. Each case also quotes where TIFF 6.0
/// (section 8, "Orientation") puts row 0 and column 0 of the stored image when it is shown.
public enum EXIFOrientation: Int, Sendable, CaseIterable {
    /// 1: row 0 at the top, column 0 on the left. Shown as stored.
    case up = 1
    /// 2: row 0 at the top, column 0 on the right: mirrored left to right.
    case upMirrored = 2
    /// 3: row 0 at the bottom, column 0 on the right: turned 180°.
    case down = 3
    /// 4: row 0 at the bottom, column 0 on the left: mirrored top to bottom.
    case downMirrored = 4
    /// 5: row 0 on the left, column 0 at the top: transposed (mirrored about the main diagonal).
    case leftMirrored = 5
    /// 6: row 0 on the right, column 0 at the top: shown turned 90° clockwise.
    case right = 6
    /// 7: row 0 on the right, column 0 at the bottom: mirrored about the other diagonal.
    case rightMirrored = 7
    /// 8: row 0 on the left, column 0 at the bottom: shown turned 90° counter-clockwise.
    case left = 8

    /// True for 5 to 8, whose upright image has width and height swapped.
    public var swapsDimensions: Bool { rawValue >= 5 }
}
