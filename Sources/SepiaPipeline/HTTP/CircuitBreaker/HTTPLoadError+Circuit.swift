extension HTTPLoadError {
    /// What this failure of an attempt says of its connection, for the host's circuit breaker:
    /// refused, unreachable, timed out while connecting or refused in the TLS handshake is a
    /// failure to connect; a status, a body or a connection that broke once open means it
    /// connected; anything else tells nothing.
    var connectionOutcome: HostCircuit.Outcome {
        switch self {
        case .unreachable, .untrustedCertificate, .connectTimedOut:
            .failedToConnect(cause: description)
        case .status, .retryTooLate, .tooLarge, .decodedTooLarge, .encoding, .connection:
            .connected
        case .timedOut, .proxy, .hostUnavailable, .refusedDestination, .redirects, .unsupportedURL, .cancelled:
            .unknown
        }
    }
}
