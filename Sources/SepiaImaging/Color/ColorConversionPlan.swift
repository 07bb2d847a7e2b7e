/// What converting pixels from an ICC profile to sRGB takes, decided once per profile and
/// pixel kind by `ColorTransformCache`.
enum ColorConversionPlan: Sendable {
    /// The pixels are sRGB already: the profile is sRGB, or it is a CMYK profile that the
    /// decoder applied itself while turning CMYK into RGBA.
    case nothing
    /// Apply this transform.
    case transform(ColorTransform)
    /// The profile cannot be used (broken, or for other pixels than these); the reason is the
    /// warning `ImageDecoder` reports, and the pixels are taken as sRGB.
    case unusable(reason: String)

    /// The pixels a plan is made for.
    enum Samples: Hashable, Sendable {
        /// A decoder's RGBA output; grey images come as RGBA with equal R, G and B.
        case rgba
        /// CMYK samples as stored (see `ColorTransform.Layout.cmyk`).
        case cmyk(inverted: Bool)
    }

    /// Reads `profile` and builds the plan for `samples` pixels.
    init(profile: [UInt8], samples: Samples) {
        let summary: ColorProfileSummary
        do throws(ColorProfileError) {
            summary = try ColorProfileSummary(profile)
        } catch {
            self = .unusable(reason: error.reason)
            return
        }
        let layout: ColorTransform.Layout
        switch (samples, summary.space) {
        case (.rgba, .rgb):
            if summary.isSRGB {
                self = .nothing
                return
            }
            layout = .rgba
        case (.rgba, .gray): layout = .grayAsRGBA
        case (.rgba, .cmyk):
            self = .nothing
            return
        case (.cmyk(let inverted), .cmyk): layout = .cmyk(inverted: inverted)
        default:
            self = .unusable(reason: "the ICC profile's colour space (\(summary.space)) does not match the image's")
            return
        }
        do throws(ColorProfileError) {
            self = .transform(try ColorTransform(profile: profile, layout: layout))
        } catch {
            self = .unusable(reason: error.reason)
        }
    }
}
