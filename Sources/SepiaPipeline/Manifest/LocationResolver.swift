import Foundation

/// Works out where an entry's photo comes from, following the rules of the manifest's origin that
/// `ManifestParser` describes.
///
/// A reference without a scheme must look like a path (a "/" or an extension) because
/// `URL(string:)` on Linux accepts any text, such as ClassicPhotos' "NO URL", as a relative URL.
/// Texts are quoted in reasons as excerpts.
struct LocationResolver {
    /// The manifest the entries come from.
    let origin: ManifestOrigin

    /// The location for one entry's reference.
    func location(for reference: RawManifestEntry.Reference) -> PhotoLocation {
        switch reference {
        case .unusable(let reason):
            .invalid(reason: reason)
        case .text(let text):
            location(for: text)
        }
    }

    private func location(for text: String) -> PhotoLocation {
        if text.isEmpty {
            return .invalid(reason: "the URL is empty")
        }
        guard let scheme = Self.scheme(of: text) else {
            return relativeLocation(for: text)
        }
        switch scheme.lowercased() {
        case "http", "https":
            guard let url = URL(string: text) else {
                return .invalid(reason: "\"\(text.excerpt())\" is not a valid web address")
            }
            guard url.host?.isEmpty == false else {
                return .invalid(reason: "\"\(text.excerpt())\" is not a valid web address: it has no host")
            }
            return .remote(url)
        case "file":
            return fileLocation(for: text)
        default:
            let allowed = isLocal ? "http, https or file" : "http or https"
            return .invalid(reason: "the URL scheme \"\(scheme.excerpt())\" of \"\(text.excerpt())\" is not supported (use \(allowed))")
        }
    }

    private var isLocal: Bool {
        if case .local = origin { true } else { false }
    }

    private func fileLocation(for text: String) -> PhotoLocation {
        guard isLocal else {
            return .invalid(reason: "a manifest from the network may not read local files (\"\(text.excerpt())\")")
        }
        // The path's own bytes: `url.path` is empty when an escape ("%E9") makes them not UTF-8.
        guard let url = URL(string: text), [nil, "", "localhost"].contains(url.host), let path = LocalPath(fileURL: url),
            path.bytes.first == UInt8(ascii: "/")
        else {
            return .invalid(reason: "\"\(text.excerpt())\" is not a valid file URL: it needs an absolute path and no host")
        }
        return .file(path.standardizedFileURL)
    }

    private func relativeLocation(for text: String) -> PhotoLocation {
        guard Self.looksLikePath(text) else {
            return .invalid(reason: "\"\(text.excerpt())\" is not a URL: it has no scheme such as https:// and is not a file path")
        }
        switch origin {
        case .local(let manifestURL):
            if let manifest = LocalPath(fileURL: manifestURL), manifest.needsBytes, !text.hasPrefix("/") {
                // A folder whose name is not UTF-8: `URL.path` is empty, the bytes are not.
                return .file(manifest.deletingLastComponent().appending(text.utf8).standardizedFileURL)
            }
            let path = text.hasPrefix("/") ? text : manifestURL.deletingLastPathComponent().path + "/" + text
            return .file(URL(fileURLWithPath: path).standardized)
        case .remote(let manifestURL):
            guard let url = URL(string: text, relativeTo: manifestURL)?.absoluteURL,
                ["http", "https"].contains(url.scheme?.lowercased()), url.host?.isEmpty == false
            else {
                return .invalid(reason: "\"\(text.excerpt())\" does not resolve to a web address against \(manifestURL.absoluteString)")
            }
            return .remote(url)
        }
    }

    /// The scheme of an absolute URL (RFC 3986: a letter, then letters, digits, "+", "-" or ".",
    /// then ":"), or nil for a relative reference.
    static func scheme(of text: String) -> String? {
        let bytes = text.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), let first = bytes.first, isLetter(first) else {
            return nil
        }
        let candidate = bytes[..<colon]
        guard candidate.allSatisfy({ isLetter($0) || (0x30...0x39).contains($0) || "+-.".utf8.contains($0) }) else {
            return nil
        }
        return String(text[..<colon])
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Whether a reference without a scheme reads as a path: it contains a "/" or its last
    /// component has an extension ("photo.jpg", not ".hidden" or "NO URL").
    static func looksLikePath(_ text: String) -> Bool {
        if text.contains("/") { return true }
        guard let dot = text.lastIndex(of: ".") else { return false }
        return dot != text.startIndex && text.index(after: dot) != text.endIndex
    }
}
