import Foundation

/// Reads a manifest, the list of photos to show, into rows in a stable order.
///
/// Formats, told apart by content rather than by file name:
/// - an XML or binary property list whose root is a dictionary of name → URL string
///   (ClassicPhotos' format) or an array of `{name, url}` dictionaries;
/// - JSON of the same two shapes;
/// - plain text, one URL or path a line, with `#` comment lines and blank lines ignored.
///
/// A row that cannot become a download is kept as `PhotoLocation.invalid` with the reason,
/// so it shows as a failed photo (see `LocationResolver` for the rules, and `EntryNaming` for
/// how rows without names are named). A document that cannot be read as a whole throws one
/// `ManifestError`; so does a document with no rows at all, since an empty list on screen
/// would hide that the address or file is wrong, and so does text none of whose lines is a
/// URL or path (a plain-text error page, say). Rows are sorted by name in natural order
/// (`NaturalSortKey`); names are unique, so the order is total.
public enum ManifestParser {
    /// The largest manifest accepted, in bytes: 64 MiB. Loaders should stop reading past it.
    public static let maximumSize = 64 * 1024 * 1024

    /// Detects the format of `data`, reads its rows and returns them sorted by name.
    /// - Parameter origin: where `data` came from; it decides how paths resolve and whether
    ///   rows may name local files.
    /// - Throws: `ManifestError` when the document as a whole cannot be used.
    public static func parse(_ data: Data, origin: ManifestOrigin) throws -> [PhotoEntry] {
        guard data.count <= maximumSize else {
            throw ManifestError(.tooLarge(size: data.count, limit: maximumSize), origin: origin)
        }
        let format = try ManifestFormat.detect(data, origin: origin)
        let rows = switch format {
        case .propertyList: try StructuredManifest.propertyListRows(data, origin: origin)
        case .json: try StructuredManifest.jsonRows(data, origin: origin)
        case .textList(let text): TextManifest.rows(in: text)
        }
        guard !rows.isEmpty else {
            throw ManifestError(.noEntries, origin: origin)
        }

        let resolver = LocationResolver(origin: origin)
        let locations = rows.map { resolver.location(for: $0.reference) }
        if case .textList = format, locations.allSatisfy(\.isInvalid), case .text(let firstLine) = rows[0].reference {
            throw ManifestError(.noURLs(lineCount: rows.count, firstLine: firstLine), origin: origin)
        }

        let entries = zip(EntryNaming.names(of: rows), locations).map { PhotoEntry(name: $0, location: $1) }
        return entries
            .map { (key: NaturalSortKey($0.name), entry: $0) }
            .sorted { $0.key < $1.key }
            .map(\.entry)
    }
}
