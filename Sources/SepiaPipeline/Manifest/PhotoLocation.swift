import Foundation

/// Where a photo's bytes come from, as worked out from one manifest row.
public enum PhotoLocation: Sendable, Hashable {
    /// An absolute `http` or `https` URL with a host.
    case remote(URL)
    /// A local file, as an absolute, standardized file URL. Only a local manifest yields this.
    case file(URL)
    /// The row cannot become a download; its photo is failed from the start with `reason`,
    /// a sentence such as `"NO URL" is not a URL: it has no scheme such as https:// and is not a file path`.
    case invalid(reason: String)
}

extension PhotoLocation {
    /// Whether the row cannot become a download.
    var isInvalid: Bool {
        if case .invalid = self { true } else { false }
    }

    /// Whether the bytes come over the network.
    public var isRemote: Bool {
        if case .remote = self { true } else { false }
    }
}
