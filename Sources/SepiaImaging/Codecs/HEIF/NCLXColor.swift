import CSepiaCodecs

/// A HEIF image's nclx `colr` box (ITU-T H.273 code points) and the ICC profile its colour
/// primaries and transfer characteristics add up to, for `HEIFDecoder` to report when the file
/// carries no ICC profile. The matrix coefficients are libheif's concern: it uses them to turn
/// YCbCr into RGB while decoding.
struct NCLXColor: Equatable {
    /// The warning for an image whose colours are left as coded, for `reason`.
    static func unconvertedWarning(_ reason: String) -> String {
        "the nclx colour description was not applied (the pixels are taken as sRGB): \(reason)"
    }

    /// H.273 ColourPrimaries: 1 is BT.709 (sRGB's), 9 BT.2020, 12 Display P3 (SMPTE EG 432-1)…
    let primaries: Int
    /// H.273 TransferCharacteristics: 13 is sRGB's curve, 16 PQ, 18 HLG…
    let transfer: Int

    /// What converting the image to sRGB takes.
    enum Conversion: Equatable {
        /// The pixels are sRGB already (or say nothing else: "unspecified" counts as sRGB).
        case none
        /// Convert from this profile, made with lcms2 from the primaries and the curve.
        case profile([UInt8])
        /// The pixels cannot be converted; the reason is a warning, and they are taken as sRGB.
        case unconverted(reason: String)
    }

    /// The white point and primaries of the H.273 ColourPrimaries Sepia knows, by code point.
    private static let knownPrimaries: [Int: sepia_chromaticities] = [
        1: ColorProfiles.srgbChromaticities,
        // BT.470 System M (white C).
        4: sepia_chromaticities(
            white_x: 0.310, white_y: 0.316, red_x: 0.67, red_y: 0.33, green_x: 0.21, green_y: 0.71, blue_x: 0.14, blue_y: 0.08),
        // BT.470 System B, G (BT.601 625 lines).
        5: sepia_chromaticities(
            white_x: 0.3127, white_y: 0.3290, red_x: 0.64, red_y: 0.33, green_x: 0.29, green_y: 0.60, blue_x: 0.15, blue_y: 0.06),
        // SMPTE 170M (BT.601 525 lines); 7, SMPTE 240M, has the same primaries.
        6: smpte170M,
        7: smpte170M,
        // BT.2020 and BT.2100.
        9: sepia_chromaticities(
            white_x: 0.3127, white_y: 0.3290, red_x: 0.708, red_y: 0.292, green_x: 0.170, green_y: 0.797, blue_x: 0.131, blue_y: 0.046),
        // SMPTE RP 431-2 (DCI-P3, DCI white).
        11: sepia_chromaticities(
            white_x: 0.314, white_y: 0.351, red_x: 0.680, red_y: 0.320, green_x: 0.265, green_y: 0.690, blue_x: 0.150, blue_y: 0.060),
        // SMPTE EG 432-1 (Display P3: DCI-P3 primaries, D65 white).
        12: sepia_chromaticities(
            white_x: 0.3127, white_y: 0.3290, red_x: 0.680, red_y: 0.320, green_x: 0.265, green_y: 0.690, blue_x: 0.150, blue_y: 0.060),
        // EBU Tech. 3213-E.
        22: sepia_chromaticities(
            white_x: 0.3127, white_y: 0.3290, red_x: 0.630, red_y: 0.340, green_x: 0.295, green_y: 0.605, blue_x: 0.155, blue_y: 0.077),
    ]

    private static let smpte170M = sepia_chromaticities(
        white_x: 0.3127, white_y: 0.3290, red_x: 0.630, red_y: 0.340, green_x: 0.310, green_y: 0.595, blue_x: 0.155, blue_y: 0.070)

    /// The curve samples decode with, as `ColorProfiles.rgb` takes it (0 for sRGB's), by H.273
    /// TransferCharacteristics code point. BT.709's, BT.601's and BT.2020's (1, 6, 14, 15) are
    /// camera curves meant to be shown on a display of about sRGB's response (BT.1886), and
    /// browsers show such images as sRGB: their exact inverse would lighten the shadows.
    private static let knownTransfers: [Int: Double] = [1: 0, 6: 0, 13: 0, 14: 0, 15: 0, 4: 2.2, 5: 2.8, 8: 1]

    /// The H.273 code point that leaves a property unspecified (taken as sRGB's).
    private static let unspecified = 2
    /// The H.273 ColourPrimaries of sRGB (BT.709).
    private static let srgb = 1

    /// What the image's pixels take to become sRGB.
    var conversion: Conversion {
        switch transfer {
        case 16: return .unconverted(reason: "it is HDR with the PQ transfer (SMPTE ST 2084), which Sepia does not tone-map")
        case 18: return .unconverted(reason: "it is HDR with the HLG transfer (ARIB STD-B67), which Sepia does not tone-map")
        default: break
        }
        let primaries = primaries == Self.unspecified ? Self.srgb : primaries
        guard let chromaticities = Self.knownPrimaries[primaries] else {
            return .unconverted(reason: "its nclx colour primaries (\(primaries)) are not supported")
        }
        guard let gamma = transfer == Self.unspecified ? 0 : Self.knownTransfers[transfer] else {
            return .unconverted(reason: "its nclx transfer characteristics (\(transfer)) are not supported")
        }
        if primaries == Self.srgb, gamma == 0 { return .none }
        do throws(ColorProfileError) {
            return .profile(try ColorProfiles.rgb(chromaticities: chromaticities, decodingGamma: gamma))
        } catch {
            return .unconverted(reason: error.reason)
        }
    }
}
