extension DecodedImage {
    /// Converts the pixels from `sourceColorProfile` to sRGB in place, through `cache`'s plan for
    /// the profile; a profile that cannot be used adds a warning and leaves the pixels as they are.
    mutating func convertToSRGB(using cache: ColorTransformCache) {
        guard let profile = sourceColorProfile else { return }
        switch cache.plan(for: profile, samples: .rgba) {
        case .nothing: break
        case .transform(let transform): transform.apply(to: &image, parallel: false)
        case .unusable(let reason):
            // A CMYK JPEG's decoder may have said so already.
            let warning = Self.ignoredProfileWarning(reason)
            if !warnings.contains(warning) { warnings.append(warning) }
        }
    }

    /// The warning for a colour profile that was not applied.
    static func ignoredProfileWarning(_ reason: String) -> String {
        "the embedded colour profile was ignored (the pixels are taken as sRGB): \(reason)"
    }
}
