import NIOSSL

extension HTTPLoadError {
    /// The failure for a TLS handshake that refused the server's certificate, nil for any other
    /// error: BoringSSL's `CERTIFICATE_VERIFY_FAILED` (self-signed, expired, or from an
    /// authority nobody trusts here) and NIOSSL's host name check (the certificate names
    /// another host than `host`).
    static func certificateFailure(_ error: any Error, host: String?) -> HTTPLoadError? {
        if let error = error as? NIOSSLExtraError, error == .failedToValidateHostname {
            return .untrustedCertificate("it is not valid for \(host ?? "the host asked for")")
        }
        guard case .handshakeFailed(.sslError(let stack)) = error as? NIOSSLError,
            stack.contains(where: { String(describing: $0).contains(verifyFailed) })
        else { return nil }
        return .untrustedCertificate(
            "\(verifyFailed): it may be self-signed, expired, or from an authority this system does not trust")
    }

    /// BoringSSL's reason for a certificate chain that did not verify.
    private static let verifyFailed = "CERTIFICATE_VERIFY_FAILED"
}
