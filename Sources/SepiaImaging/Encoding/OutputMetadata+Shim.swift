import CSepiaCodecs

extension OutputMetadata {
    /// The ICC profile written when the output is tagged sRGB (Little CMS's sRGB profile), or
    /// nothing.
    var embeddedProfile: [UInt8] { tagsSRGB ? ColorProfiles.sRGB : [] }

    /// Calls `body` with the shim's view of `metadata` (EXIF upright, the profile to embed), or
    /// with nil when there is no metadata; the pointers are valid only inside `body`.
    static func withShimMetadata<Result>(
        _ metadata: OutputMetadata?, _ body: (UnsafePointer<sepia_output_metadata>?) throws -> Result
    ) rethrows -> Result {
        guard let metadata else { return try body(nil) }
        let exif = metadata.uprightEXIF ?? []
        let profile = metadata.embeddedProfile
        return try exif.withUnsafeBufferPointer { exif in
            try profile.withUnsafeBufferPointer { profile in
                var shimMetadata = sepia_output_metadata(
                    exif_tiff: exif.isEmpty ? nil : exif.baseAddress, exif_tiff_length: exif.count,
                    icc_profile: profile.isEmpty ? nil : profile.baseAddress, icc_profile_length: profile.count)
                return try body(&shimMetadata)
            }
        }
    }
}
