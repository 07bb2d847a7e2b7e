import CSepiaCodecs

/// Why an ICC profile could not be used, in Little CMS's words.
struct ColorProfileError: Error, Hashable, Sendable {
    /// lcms2's message, or what the shim said instead.
    let reason: String

    init(reason: String) {
        self.reason = reason
    }

    init(status: sepia_status, diagnostics: sepia_diagnostics) {
        var diagnostics = diagnostics
        let message = String(cString: sepia_diagnostics_error(&diagnostics))
        if status == SEPIA_STATUS_OUT_OF_MEMORY {
            reason = "out of memory"
        } else {
            reason = message.isEmpty ? "the ICC profile cannot be used" : message
        }
    }
}
