import CSepiaCodecs

/// What libjpeg or libpng reported during one shim call, copied out of its `sepia_diagnostics`,
/// and turned into Swift errors.
struct CodecReport {
    /// The error that stopped the call ("" when none).
    let error: String
    /// The distinct warnings, in order, plus a note when more were only counted.
    let warnings: [String]
    /// The input ran out before the image was complete.
    let dataEndedEarly: Bool
    /// The first warning after which the library made up pixels, if any.
    let incompleteImageWarning: String?

    init(_ diagnostics: UnsafePointer<sepia_diagnostics>) {
        error = String(cString: sepia_diagnostics_error(diagnostics))
        let stored = Int(diagnostics.pointee.stored_warnings)
        var warnings = (0..<stored).map { index in
            String(cString: sepia_diagnostics_warning(diagnostics, Int32(index)))
        }
        let unlisted = diagnostics.pointee.total_warnings - stored
        if unlisted > 0 {
            warnings.append("\(unlisted) more warning(s), repeated or not listed")
        }
        self.warnings = warnings
        dataEndedEarly = diagnostics.pointee.data_ended_early
        let incomplete = String(cString: sepia_diagnostics_incomplete_image_warning(diagnostics))
        incompleteImageWarning = incomplete.isEmpty ? nil : incomplete
    }

    /// The decoding error for a failed call.
    func decodingError(for status: sepia_status, format: ImageFormat) -> ImageDecodingError {
        switch status {
        case SEPIA_STATUS_TRUNCATED: .truncated(format: format)
        case SEPIA_STATUS_OUT_OF_MEMORY: .outOfMemory
        case SEPIA_STATUS_UNSUPPORTED: .unsupportedFeature(format: format, reason: error)
        default: .corrupt(format: format, reason: error)
        }
    }

    /// The encoding error for a failed call.
    func encodingError(for status: sepia_status, format: ImageFormat) -> ImageEncodingError {
        status == SEPIA_STATUS_OUT_OF_MEMORY ? .outOfMemory : .failed(format: format, reason: error)
    }

    /// The warnings of a decode that succeeded, or the error `policy` makes of them.
    func acceptedWarnings(format: ImageFormat, policy: ImageDecodingOptions.DamagePolicy) throws -> [String] {
        if policy == .lenient { return warnings }
        if dataEndedEarly { throw ImageDecodingError.truncated(format: format) }
        if let incompleteImageWarning { throw ImageDecodingError.corrupt(format: format, reason: incompleteImageWarning) }
        if policy == .strict, let first = warnings.first { throw ImageDecodingError.corrupt(format: format, reason: first) }
        return warnings
    }
}
