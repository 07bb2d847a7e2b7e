import CSepiaCodecs

/// A PNG's colour chunks and the profile they add up to, by the PNG specification's precedence
/// (PNG, Third Edition, 4.3 and 11.3.2): `iCCP` first, then `sRGB`, then `gAMA` and `cHRM`.
struct PNGColorChunks {
    private let chunks: sepia_png_chunks

    init(_ chunks: sepia_png_chunks) {
        self.chunks = chunks
    }

    /// The ICC profile the pixels are in: the `iCCP` profile; nil for `sRGB`, no colour chunk,
    /// or the chunks that stand for sRGB (below); otherwise a profile made from `gAMA` (sRGB
    /// primaries when `cHRM` is missing) and `cHRM` (sRGB's curve when `gAMA` is missing).
    ///
    /// `gAMA` 0.45455 with sRGB's `cHRM` (or none) is how writers tag sRGB for readers that do
    /// not know the `sRGB` chunk (the PNG specification recommends writing them beside it, and
    /// ImageMagick writes them alone), and browsers show such files as sRGB: taking the pure
    /// 2.2 power curve literally would darken their shadows by several levels.
    ///
    /// - Throws: `ColorProfileError` when lcms2 cannot make a profile of the chunks' values.
    func profile() throws(ColorProfileError) -> [UInt8]? {
        if let profile = chunks.icc_profile { return Array(UnsafeBufferPointer(start: profile, count: chunks.icc_profile_length)) }
        if chunks.srgb || (!chunks.has_gamma && !chunks.has_chromaticities) || standsForSRGB { return nil }
        // Without cHRM, PNG's default primaries: sRGB's.
        let chromaticities = chunks.has_chromaticities ? chunks.chromaticities : ColorProfiles.srgbChromaticities
        // gAMA is the encoding exponent; decoding raises samples to its inverse. 0 asks for sRGB's curve.
        let decodingGamma = chunks.has_gamma ? 1 / chunks.gamma : 0
        return try ColorProfiles.rgb(chromaticities: chromaticities, decodingGamma: decodingGamma)
    }

    /// Whether `gAMA` is sRGB's nominal 1/2.2 (within PNG's rounding, as libpng allows) and
    /// `cHRM` is missing or sRGB's (to the 0.001 a writer rounds to).
    private var standsForSRGB: Bool {
        guard chunks.has_gamma, abs(chunks.gamma - 1 / 2.2) < 0.0005 else { return false }
        guard chunks.has_chromaticities else { return true }
        let (given, srgb) = (chunks.chromaticities, ColorProfiles.srgbChromaticities)
        let pairs = [
            (given.white_x, srgb.white_x), (given.white_y, srgb.white_y), (given.red_x, srgb.red_x), (given.red_y, srgb.red_y),
            (given.green_x, srgb.green_x), (given.green_y, srgb.green_y), (given.blue_x, srgb.blue_x), (given.blue_y, srgb.blue_y),
        ]
        return pairs.allSatisfy { abs($0 - $1) < 0.001 }
    }
}
