import CSepiaCodecs

/// ICC profiles Sepia makes with Little CMS.
enum ColorProfiles {
    /// lcms2's sRGB profile (a v4 matrix-shaper profile), embedded in outputs that keep their
    /// metadata. Empty if lcms2 could not make it, which only a lack of memory causes.
    static let sRGB: [UInt8] = (try? shimProfile { output, diagnostics in sepia_color_profile_create_srgb(output, diagnostics) }) ?? []

    /// sRGB's white point and primaries (ITU-R BT.709 primaries, D65 white), as PNG's `cHRM`
    /// and HEIF's nclx colour primaries 1 give them.
    static let srgbChromaticities = sepia_chromaticities(
        white_x: 0.3127, white_y: 0.3290, red_x: 0.64, red_y: 0.33, green_x: 0.30, green_y: 0.60, blue_x: 0.15, blue_y: 0.06)

    /// An RGB matrix-shaper profile with the given white point and primaries whose samples
    /// decode as `sample ^ decodingGamma` (sRGB's piecewise curve when `decodingGamma` is 0).
    ///
    /// - Throws: `ColorProfileError` when the values do not make a profile (primaries on a line).
    static func rgb(chromaticities: sepia_chromaticities, decodingGamma: Double) throws(ColorProfileError) -> [UInt8] {
        var chromaticities = chromaticities
        return try shimProfile { output, diagnostics in
            sepia_color_profile_create_rgb(&chromaticities, decodingGamma, output, diagnostics)
        }
    }

    /// Runs a shim call that makes profile bytes and copies them out.
    private static func shimProfile(
        _ make: (UnsafeMutablePointer<sepia_encoded_data>, UnsafeMutablePointer<sepia_diagnostics>) -> sepia_status
    ) throws(ColorProfileError) -> [UInt8] {
        var output = sepia_encoded_data()
        var diagnostics = sepia_diagnostics()
        defer { sepia_encoded_data_free(&output) }
        let status = make(&output, &diagnostics)
        guard status == SEPIA_STATUS_OK else { throw ColorProfileError(status: status, diagnostics: diagnostics) }
        return Array(UnsafeBufferPointer(start: output.bytes, count: output.length))
    }
}
