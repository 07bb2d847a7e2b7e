import CSepiaCodecs

/// A PNG's colour chunks and the profile they add up to, by the PNG specification's precedence
/// (PNG, Third Edition, 4.3 and 11.3.2): `iCCP` first, then `sRGB`, then `gAMA` and `cHRM`.
struct PNGColorChunks {
    /// The `cHRM` values of sRGB (ITU-R BT.709 primaries, D65 white): PNG's default primaries.
    static let srgbChromaticities = sepia_chromaticities(
        white_x: 0.3127, white_y: 0.3290, red_x: 0.64, red_y: 0.33, green_x: 0.30, green_y: 0.60, blue_x: 0.15, blue_y: 0.06)

    private let chunks: sepia_png_chunks

    init(_ chunks: sepia_png_chunks) {
        self.chunks = chunks
    }

    /// The ICC profile the pixels are in: the `iCCP` profile; nil for `sRGB` or no colour chunk;
    /// otherwise a profile made from `gAMA` (sRGB primaries when `cHRM` is missing) and `cHRM`
    /// (sRGB's curve when `gAMA` is missing).
    ///
    /// - Throws: `ColorProfileError` when lcms2 cannot make a profile of the chunks' values.
    func profile() throws(ColorProfileError) -> [UInt8]? {
        if let profile = chunks.icc_profile { return Array(UnsafeBufferPointer(start: profile, count: chunks.icc_profile_length)) }
        if chunks.srgb || (!chunks.has_gamma && !chunks.has_chromaticities) { return nil }
        let chromaticities = chunks.has_chromaticities ? chunks.chromaticities : Self.srgbChromaticities
        // gAMA is the encoding exponent; decoding raises samples to its inverse. 0 asks for sRGB's curve.
        let decodingGamma = chunks.has_gamma ? 1 / chunks.gamma : 0
        return try ColorProfiles.rgb(chromaticities: chromaticities, decodingGamma: decodingGamma)
    }
}
