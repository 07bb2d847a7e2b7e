import SepiaImaging

/// The headers ``HTTPLoader`` sends with every request, so that servers can tell who asks and
/// what it can read.
public enum HTTPRequestHeaders {
    /// The default `User-Agent`: the product and its version, where to read about it, and the
    /// platform, as RFC 9110 §10.1.5 lays it out (and as Wikimedia's policy asks of robots).
    public static let defaultUserAgent = "Sepia/\(SepiaVersion.current) (+https://github.com/sepia-photos/sepia; Linux)"

    /// The `Accept` header: the media type of every format Sepia decodes (`ImageFormat`), then
    /// anything else at a lower weight, since formats are found from the bytes and a server
    /// that labels a photo wrongly still serves a photo.
    public static let accept: String = {
        let formats = ImageFormat.allCases.map(\.mimeType)
        return (formats + ["*/*;q=0.5"]).joined(separator: ",")
    }()

    /// The `Accept-Encoding` header: the content codings ``HTTPLoader`` undoes.
    public static let acceptEncoding = "gzip, deflate"
}
