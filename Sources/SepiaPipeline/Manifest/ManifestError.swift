public import Foundation

/// Why a whole manifest could not be read: what is wrong and which manifest it is.
///
/// Problems with single entries never end up here; they become `PhotoLocation.invalid` entries.
public struct ManifestError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// What is wrong with the document.
    public enum Kind: Sendable, Equatable {
        /// The document is larger than `limit` bytes (`ManifestParser.maximumSize`).
        case tooLarge(size: Int, limit: Int)
        /// The document has no bytes, or only white space.
        case empty
        /// The document is an HTML page, typically an error or login page served instead of a manifest.
        case htmlPage
        /// The document is no format the parser knows; the text says what it looks like,
        /// such as "a PNG image" or "binary data starting with 00 01 02 03".
        case unrecognizedFormat(String)
        /// The document is a property list that Foundation cannot read; `detail` is its parser's message.
        case invalidPropertyList(detail: String)
        /// The document is JSON that Foundation cannot read; `detail` is its parser's message,
        /// with the position given as line and column.
        case invalidJSON(detail: String)
        /// The property list or JSON parsed, but its root is `found` (such as "a number") instead
        /// of a dictionary of name → URL or an array of {name, url}.
        case unexpectedRoot(found: String)
        /// The document is text, but none of its `lineCount` lines is a URL or a file path;
        /// `firstLine` is the first of them, cut to 80 characters.
        case noURLs(lineCount: Int, firstLine: String)
        /// The document is well formed but lists no photos.
        case noEntries
    }

    /// What is wrong.
    public let kind: Kind
    /// Which manifest it is.
    public let origin: ManifestOrigin

    /// Makes an error about the manifest from `origin`.
    public init(_ kind: Kind, origin: ManifestOrigin) {
        self.kind = kind
        self.origin = origin
    }

    /// A sentence for logs and alerts that names the manifest, such as
    /// "The manifest https://example.com/photos.json is not valid JSON: Invalid value around line 3, column 1."
    public var description: String {
        "The manifest \(origin.displayName) \(problem)"
    }

    /// The same sentence as `description`, for Foundation's `localizedDescription`.
    public var errorDescription: String? { description }

    private var problem: String {
        switch kind {
        case let .tooLarge(size, limit):
            "is too large: \(size) bytes, more than the limit of \(limit) bytes."
        case .empty:
            "is empty."
        case .htmlPage:
            "looks like an HTML page, not a list of photos (is the address right?)."
        case .unrecognizedFormat(let seen):
            "is not a property list, JSON or a text list of URLs: it looks like \(seen)."
        case .invalidPropertyList(let detail):
            "is not a valid property list: \(detail)"
        case .invalidJSON(let detail):
            "is not valid JSON: \(detail)"
        case .unexpectedRoot(let found):
            "has the wrong shape: the root is \(found), expected a dictionary of name → URL or an array of {name, url}."
        case let .noURLs(lineCount, firstLine):
            "is text, but none of its \(lineCount) line\(lineCount == 1 ? "" : "s") is a URL or a file path (the first is \"\(firstLine)\")."
        case .noEntries:
            "lists no photos."
        }
    }
}
