/// The bit masks that say where red, green, blue and alpha sit in a 16- or 32-bit BMP pixel,
/// and how to widen each to 8 bits.
struct BMPChannelMasks {
    /// One channel: its mask, and how far to shift it down.
    struct Channel {
        let mask: UInt32
        let shift: UInt32
        /// The largest value the channel holds after the shift (0 when the mask is empty).
        let maximum: UInt64

        init(_ mask: UInt32) {
            self.mask = mask
            shift = mask == 0 ? 0 : UInt32(mask.trailingZeroBitCount)
            maximum = UInt64(mask >> shift)
        }

        /// Whether the mask is one run of bits (or empty): otherwise its value is no number.
        var isContiguous: Bool { maximum & (maximum + 1) == 0 }

        /// The channel of `pixel` widened to 0...255 (rounded), or `empty` when there is no mask.
        @inline(__always)
        func value(of pixel: UInt32, empty: UInt32) -> UInt32 {
            if maximum == 0 { return empty }
            return UInt32((UInt64((pixel & mask) >> shift) * 255 + maximum / 2) / maximum)
        }
    }

    let red: Channel
    let green: Channel
    let blue: Channel
    /// The alpha channel; an empty mask means opaque.
    let alpha: Channel

    /// BI_RGB 16-bit pixels: 5 bits each of red, green and blue, the top bit unused.
    static let rgb555 = BMPChannelMasks(red: 0x7C00, green: 0x03E0, blue: 0x001F, alpha: 0)
    /// BI_RGB 32-bit pixels: blue, green, red, then an unused byte.
    static let bgrx = BMPChannelMasks(red: 0x00FF_0000, green: 0x0000_FF00, blue: 0x0000_00FF, alpha: 0)

    init(red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32) {
        self.red = Channel(red)
        self.green = Channel(green)
        self.blue = Channel(blue)
        self.alpha = Channel(alpha)
    }

    /// The first mask that is not one run of bits, if any.
    var nonContiguousMask: UInt32? {
        [red, green, blue, alpha].first { !$0.isContiguous }?.mask
    }

    /// The pixel as RGBA bytes packed little-endian (red in the low byte).
    @inline(__always)
    func rgba(_ pixel: UInt32) -> UInt32 {
        red.value(of: pixel, empty: 0) | green.value(of: pixel, empty: 0) << 8 | blue.value(of: pixel, empty: 0) << 16
            | alpha.value(of: pixel, empty: 255) << 24
    }
}
