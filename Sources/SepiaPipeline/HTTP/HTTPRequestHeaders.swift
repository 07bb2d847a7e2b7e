import SepiaImaging

/// The headers ``HTTPLoader`` sends with every request, so that servers can tell who asks and
/// what it can read.
public enum HTTPRequestHeaders {
    /// The default `User-Agent`: the product and its version, then a comment with the platform
    /// and what it is, as RFC 9110 §10.1.5 lays it out. Sites whose policy asks robots for
    /// contact details (Wikimedia's) want `--user-agent` with the user's own address added.
    public static let defaultUserAgent = "Sepia/\(SepiaVersion.current) (Linux; photo downloader)"

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
