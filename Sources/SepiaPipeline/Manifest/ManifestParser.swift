public import Foundation
import SepiaImaging

/// Reads a manifest, the list of photos to show, into entries in a stable order.
///
/// Formats, told apart by content rather than by file name:
/// - an XML or binary property list whose root is a dictionary of name → URL string
///   (ClassicPhotos' format) or an array of `{name, url}` dictionaries (or of URL strings);
/// - JSON of the same shapes;
/// - plain text, one URL or path a line, with `#` comment lines and blank lines ignored.
///
/// Entries:
/// - `http`/`https` URLs with a host become `.remote`.
/// - In a local manifest, `file:` URLs and paths become `.file`; relative paths start at the
///   manifest's folder. A path without a scheme must contain a "/" or end in an extension
///   ("photo.jpg"), so that text such as ClassicPhotos' "NO URL" is not taken for a file name.
/// - In a remote manifest, references without a scheme resolve against the manifest's URL, as
///   links in a web page do, so they name other http(s) resources; `file:` URLs are refused.
/// - Anything else (a value that is not text, an empty string, another scheme, text that is no
///   URL or path) is kept as `.invalid` with the reason, so it shows as a failed photo.
/// - An entry of a property list or JSON array may carry a placeholder (`blurhash`, `blur_hash`,
///   `thumbhash`, `thumb_hash`…): one that decodes becomes ``PhotoEntry/placeholder``; one that
///   does not is left out and listed in ``PhotoCollection/ignoredPlaceholders``.
/// - An entry without a name is named after its URL's last path component ("My%20Cat.jpg" gives
///   "My Cat"), or after its whole URL, or "Untitled N"; repeated names get " (2)", " (3)", ….
///   Entries are sorted by name in natural order (`NaturalSortKey`); names are unique, so the order
///   is total and the same on every run.
///
/// Errors: a document that cannot be read as a whole throws one `ManifestError`. So does a
/// document without entries (an empty list on screen would hide that the address or file is
/// wrong), and text none of whose lines is a URL or path (a plain-text error page, say).
public enum ManifestParser {
    /// The largest manifest accepted, in bytes: 64 MiB. Loaders should stop reading past it.
    public static let maximumSize = 64 * 1024 * 1024

    /// Detects the format of `data`, reads its entries and returns them sorted by name.
    /// - Parameter origin: where `data` came from; it decides how paths resolve and whether
    ///   entries may name local files.
    /// - Throws: `ManifestError` when the document as a whole cannot be used.
    public static func parse(_ data: Data, origin: ManifestOrigin) throws -> [PhotoEntry] {
        try collection(data, origin: origin).entries
    }

    /// Reads `data` as ``parse(_:origin:)`` does, and also says which placeholders the entries
    /// gave that do not decode (``PhotoCollection/ignoredPlaceholders``, in the entries' order):
    /// the entries are kept without them.
    /// - Throws: `ManifestError` when the document as a whole cannot be used.
    public static func collection(_ data: Data, origin: ManifestOrigin) throws -> PhotoCollection {
        guard data.count <= maximumSize else {
            throw ManifestError(.tooLarge(size: data.count, limit: maximumSize), origin: origin)
        }
        let format = try ManifestFormat.detect(data, origin: origin)
        let rawEntries =
            switch format {
            case .propertyList: try StructuredManifest.propertyListEntries(data, origin: origin)
            case .json: try JSONManifestReader.entries(data) ?? StructuredManifest.jsonEntries(data, origin: origin)
            case .textList(let text): TextManifest.entries(in: text)
            }
        guard !rawEntries.isEmpty else {
            throw ManifestError(.noEntries, origin: origin)
        }

        // Built in place and sorted through indices: a manifest of a million entries must not
        // hold a handful of million-element arrays (and sort keys) at once.
        let resolver = LocationResolver(origin: origin)
        let names = EntryNaming.names(of: rawEntries)
        var ignored: [(index: Int, reason: String)] = []
        let entries = rawEntries.indices.map { index in
            let raw = rawEntries[index]
            var placeholder: PhotoPlaceholder?
            if !raw.placeholders.isEmpty {
                let resolved = PlaceholderFields.resolve(raw.placeholders)
                placeholder = resolved.placeholder
                ignored += resolved.ignored.map { (index, $0) }
            }
            return PhotoEntry(name: names[index], location: resolver.location(for: raw.reference), placeholder: placeholder)
        }
        if case .textList = format, entries.allSatisfy(\.location.isInvalid), case .text(let firstLine) = rawEntries[0].reference {
            throw ManifestError(.noURLs(lineCount: rawEntries.count, firstLine: firstLine.excerpt()), origin: origin)
        }
        let order = entries.indices.sorted { NaturalSortKey.orders(entries[$0].name, before: entries[$1].name) }
        var position = [Int](repeating: 0, count: ignored.isEmpty ? 0 : order.count)
        for (sorted, index) in order.enumerated() where !ignored.isEmpty { position[index] = sorted }
        let ignoredPlaceholders = ignored.map { IgnoredPlaceholder(name: names[$0.index], reason: $0.reason, row: position[$0.index]) }
        return PhotoCollection(entries: order.map { entries[$0] }, ignoredPlaceholders: ignoredPlaceholders)
    }
}
