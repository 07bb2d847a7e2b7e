import CSepiaCodecs
import Foundation
import SepiaTestSupport

@testable import SepiaImaging

/// Colour-managed test files made with Debian's tools, and the independent reference Sepia's
/// conversions are checked against: lcms2's own `tificc` on the same samples.
enum ColorReference {
    /// Ghostscript's ICC profiles (Debian's libgs-common): `a98.icc` (Adobe RGB (1998)
    /// compatible), `rommrgb.icc` (ROMM RGB, that is ProPhoto RGB), `default_cmyk.icc` (a
    /// CMYK press profile), `srgb.icc`.
    static func ghostscriptProfile(_ name: String) throws -> URL {
        let url = URL(fileURLWithPath: "/usr/share/color/icc/ghostscript").appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw DebianTool.Failure(description: "\(url.path) is missing: install the Debian package libgs-common (scripts/install-deps)")
        }
        return url
    }

    /// Display P3: DCI-P3 primaries, D65 white and sRGB's curve, made with lcms2.
    static func displayP3Profile() throws -> [UInt8] {
        try ColorProfiles.rgb(chromaticities: displayP3Chromaticities, decodingGamma: 0)
    }

    /// Display P3's white point and primaries (SMPTE EG 432-1).
    static let displayP3Chromaticities = sepia_chromaticities(
        white_x: 0.3127, white_y: 0.3290, red_x: 0.680, red_y: 0.320, green_x: 0.265, green_y: 0.690, blue_x: 0.150, blue_y: 0.060)

    /// Saturated colours across every hue (x) from dark to light (y), with a grey strip at the
    /// bottom: where wide-gamut profiles differ most from sRGB.
    static func colourful(width: Int, height: Int) -> RGBAImage {
        RGBAImage(width: width, height: height) { buffer in
            for y in 0..<height {
                for x in 0..<width {
                    let offset = (y * width + x) * 4
                    let value = 0.15 + 0.85 * Double(y) / Double(max(height - 1, 1))
                    let hue = 6 * Double(x) / Double(width)
                    let saturation = y > height * 7 / 8 ? 0 : 0.9
                    let rgb = hsv(hue: hue, saturation: saturation, value: value)
                    buffer[offset] = UInt8((rgb.0 * 255).rounded())
                    buffer[offset + 1] = UInt8((rgb.1 * 255).rounded())
                    buffer[offset + 2] = UInt8((rgb.2 * 255).rounded())
                    buffer[offset + 3] = 255
                }
            }
        }
    }

    private static func hsv(hue: Double, saturation: Double, value: Double) -> (Double, Double, Double) {
        let chroma = value * saturation
        let second = chroma * (1 - abs(hue.truncatingRemainder(dividingBy: 2) - 1))
        let low = value - chroma
        let (r, g, b): (Double, Double, Double) =
            switch Int(hue) {
            case 0: (chroma, second, 0)
            case 1: (second, chroma, 0)
            case 2: (0, chroma, second)
            case 3: (0, second, chroma)
            case 4: (second, 0, chroma)
            default: (chroma, 0, second)
            }
        return (r + low, g + low, b + low)
    }

    /// `image` written as an untagged PNG (Sepia's encoder, no metadata) in `directory`.
    static func writePNG(_ image: RGBAImage, named name: String, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try Data(ImageEncoder.encode(image, as: .png)).write(to: url)
        return url
    }

    /// `image` as a file of `format` ("jpg" or "png") tagged with `profile` by ImageMagick
    /// (`-profile` assigns a profile to an image that has none, without converting it).
    static func tagged(_ image: RGBAImage, profile: URL, as format: String, in directory: URL) throws -> Data {
        let plain = try writePNG(image, named: "plain.png", in: directory)
        let output = directory.appendingPathComponent("tagged.\(format)")
        try DebianTool.run("convert", [plain.path, "-quality", "95", "-profile", profile.path, output.path], package: "imagemagick")
        return try Data(contentsOf: output)
    }

    /// lcms2's `tificc` converting `samples` from `profile` to sRGB (perceptual intent, as Sepia),
    /// through an 8-bit RGB TIFF that ImageMagick writes.
    static func tificc(_ samples: RGBAImage, from profile: URL, in directory: URL) throws -> RGBAImage {
        let plain = try writePNG(samples, named: "samples.png", in: directory)
        let input = directory.appendingPathComponent("samples.tif")
        try DebianTool.run(
            "convert", [plain.path, "-alpha", "off", "-depth", "8", "-compress", "none", input.path], package: "imagemagick")
        return try tificc(tiff: input, from: profile, in: directory)
    }

    /// lcms2's `tificc` converting the TIFF `tiff` (RGB or CMYK) from `profile` to sRGB, read back.
    ///
    /// ImageMagick writes WhitePoint and PrimaryChromaticities tags into RGB TIFFs, and tificc
    /// takes a TIFF with them as colorimetric, ignoring `-i`: the tags are removed first.
    static func tificc(tiff: URL, from profile: URL, in directory: URL) throws -> RGBAImage {
        let output = directory.appendingPathComponent("reference.tif")
        let readBack = directory.appendingPathComponent("reference.png")
        for tag in ["318", "319"] {
            try DebianTool.run("tiffset", ["-u", tag, tiff.path], package: "libtiff-tools")
        }
        try DebianTool.run("tificc", ["-i\(profile.path)", "-o*sRGB", "-t0", tiff.path, output.path], package: "liblcms2-utils")
        try DebianTool.run("convert", [output.path, "-strip", "PNG24:\(readBack.path)"], package: "imagemagick")
        return try ImageDecoder.decode(Data(contentsOf: readBack), options: .init(convertsToSRGB: false)).image
    }
}
