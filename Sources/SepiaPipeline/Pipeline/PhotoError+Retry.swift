import SepiaImaging

extension PhotoError {
    /// Whether loading the photo again, later, may succeed where this attempt failed: what a
    /// front end's Retry offers to do.
    ///
    /// True when the cause lies outside the photo's bytes and can change on its own: the
    /// network (no connection, a dropped one, a timeout, a proxy or a host that did not
    /// answer), a server that is busy or failing (HTTP 408, 425, 429, 5xx, or one that asked
    /// to be asked later), memory that ran out, a file that could not be read (a permission,
    /// a missing disk), work that was cancelled, and a cause it cannot tell (a custom step's
    /// error, a result that could not be saved).
    ///
    /// False when the same request would fail the same way: bytes that do not decode (the
    /// same bytes come back, from the server or the caches), a location that is no URL, and
    /// answers the server means for good (HTTP 404, 410 and the other 4xx), a certificate
    /// that is not trusted, a body over the size limit, redirects and destinations Sepia
    /// refuses, a URL that cannot be requested.
    ///
    /// It differs from ``HTTPLoadError/isTransient``, which decides the loader's own immediate
    /// retries: a timeout is not retried at once (it already took the whole timeout), but a
    /// person may well try again later.
    public var isWorthRetrying: Bool {
        switch self {
        case .cancelled, .unreadableFile, .processing, .saving: true
        case .invalidLocation: false
        case .download(let error): Self.isWorthRetrying(error)
        case .decoding(let error): error == .outOfMemory
        }
    }

    private static func isWorthRetrying(_ error: HTTPLoadError) -> Bool {
        switch error {
        case .status(let code, _, _): code >= 500 || [408, 425, 429].contains(code)
        case .retryTooLate, .proxy, .unreachable, .connection, .timedOut, .connectTimedOut, .hostUnavailable, .cancelled: true
        case .tooLarge, .decodedTooLarge, .encoding, .untrustedCertificate, .redirects, .refusedDestination, .unsupportedURL: false
        }
    }
}
