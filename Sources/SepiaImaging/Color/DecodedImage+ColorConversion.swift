extension DecodedImage {
    /// Converts the pixels from `sourceColorProfile` to sRGB in place, through `cache`'s plan for
    /// the profile; a profile that cannot be used adds a warning and leaves the pixels as they are.
    mutating func convertToSRGB(using cache: ColorTransformCache) {
        guard let profile = sourceColorProfile else { return }
        // A CMYK JPEG's decoder may have warned about the profile already: the warning is kept once.
        cache.transform(for: profile, samples: .rgba, warnings: &warnings)?.apply(to: &image, parallel: false)
    }

    /// The warning for a colour profile that was not applied.
    static func ignoredProfileWarning(_ reason: String) -> String {
        "the embedded colour profile was ignored (the pixels are taken as sRGB): \(reason)"
    }
}
