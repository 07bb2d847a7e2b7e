import CSepiaCodecs

/// What an ICC profile describes, as far as converting pixels from it cares.
struct ColorProfileSummary: Hashable, Sendable {
    /// The profile's device colour space.
    enum Space: Hashable, Sendable {
        case rgb, gray, cmyk, other
    }

    /// The device colour space.
    let space: Space
    /// The profile is sRGB in all but its bytes (see `sepia_color_profile_inspect`): converting
    /// from it changes nothing.
    let isSRGB: Bool

    /// Reads `profile` with lcms2.
    ///
    /// - Throws: `ColorProfileError` when lcms2 cannot read it.
    init(_ profile: [UInt8]) throws(ColorProfileError) {
        var diagnostics = sepia_diagnostics()
        var space = SEPIA_COLOR_SPACE_OTHER
        var isSRGB = false
        let status = profile.withUnsafeBytes { bytes in
            sepia_color_profile_inspect(bytes.baseAddress, bytes.count, &space, &isSRGB, &diagnostics)
        }
        guard status == SEPIA_STATUS_OK else { throw ColorProfileError(status: status, diagnostics: diagnostics) }
        self.space =
            switch space {
            case SEPIA_COLOR_SPACE_RGB: .rgb
            case SEPIA_COLOR_SPACE_GRAY: .gray
            case SEPIA_COLOR_SPACE_CMYK: .cmyk
            default: .other
            }
        self.isSRGB = isSRGB
    }
}
