extension ColorTransformCache {
    /// The transform that turns a CMYK image's ink samples into sRGB through its CMYK `profile`,
    /// or nil when the profile cannot be used; then the reason is added to `warnings` and the
    /// decoder converts the inks naively.
    ///
    /// - Parameter inverted: the samples are stored as 255 - ink (Adobe's CMYK JPEGs).
    func cmykTransform(for profile: [UInt8], inverted: Bool, warnings: inout [String]) -> ColorTransform? {
        switch plan(for: profile, samples: .cmyk(inverted: inverted)) {
        case .transform(let transform): return transform
        case .nothing: return nil
        case .unusable(let reason):
            warnings.append(DecodedImage.ignoredProfileWarning(reason))
            return nil
        }
    }
}
