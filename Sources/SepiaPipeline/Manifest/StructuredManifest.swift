import Foundation

/// Reads the entries of a property list or JSON manifest: a dictionary of name → URL string
/// (ClassicPhotos' format) or an array of `{name, url}` dictionaries.
///
/// An array may also hold plain URL strings, which get names derived from their URLs. An
/// entry's placeholder fields (`PlaceholderFields`: `blurhash`, `thumbhash`, …) are read too.
/// Other keys are ignored, and so is a `name` that is not text. A value of the wrong type becomes an entry with
/// an unusable reference, so it shows up as a failed photo instead of vanishing.
enum StructuredManifest {
    /// Decodes an XML or binary property list and reads its entries.
    static func propertyListEntries(_ data: Data, origin: ManifestOrigin) throws -> [RawManifestEntry] {
        if data.starts(with: Array("bplist".utf8)) {
            try refuseSets(in: data, origin: origin)
        }
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw ManifestError(.invalidPropertyList(detail: ParserMessage.propertyList(error, data: data)), origin: origin)
        }
        return try entries(from: root, origin: origin)
    }

    /// Refuses a binary property list that holds a set, which Foundation on Linux crashes on
    /// (see `BinaryPropertyListSets`), or whose offset table cannot be read.
    private static func refuseSets(in data: Data, origin: ManifestOrigin) throws {
        switch BinaryPropertyListSets.scan(data) {
        case .none:
            return
        case .set(let index):
            throw ManifestError(
                .invalidPropertyList(detail: "object \(index) of the binary property list is a set, which a manifest cannot hold."),
                origin: origin)
        case .unreadable:
            throw ManifestError(.invalidPropertyList(detail: ParserMessage.damagedBinaryPropertyList), origin: origin)
        }
    }

    /// Decodes a JSON document and reads its entries.
    static func jsonEntries(_ data: Data, origin: ManifestOrigin) throws -> [RawManifestEntry] {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ManifestError(.invalidJSON(detail: ParserMessage.json(error, data: data)), origin: origin)
        }
        return try entries(from: root, origin: origin)
    }

    private static func entries(from root: Any, origin: ManifestOrigin) throws -> [RawManifestEntry] {
        if let dictionary = root as? [String: Any] {
            // Sorted so that later steps (numbering untitled entries, suffixing duplicates) see a stable order.
            return dictionary.sorted { $0.key < $1.key }.map { key, value in
                RawManifestEntry(name: key, reference: reference(from: value, describedAs: "the URL"))
            }
        }
        if let array = root as? [Any] {
            return array.map(entry(fromElement:))
        }
        throw ManifestError(.unexpectedRoot(found: ValueDescription.of(root)), origin: origin)
    }

    private static func entry(fromElement element: Any) -> RawManifestEntry {
        if let fields = element as? [String: Any] {
            let placeholders = PlaceholderFields.placeholders(in: fields)
            guard let url = fields["url"] else {
                return RawManifestEntry(
                    name: fields["name"] as? String, reference: .unusable(reason: "the entry has no \"url\""), placeholders: placeholders)
            }
            return RawManifestEntry(
                name: fields["name"] as? String, reference: reference(from: url, describedAs: "the \"url\""), placeholders: placeholders)
        }
        if element is String {
            return RawManifestEntry(name: nil, reference: reference(from: element, describedAs: "the entry"))
        }
        let found = ValueDescription.of(element)
        return RawManifestEntry(name: nil, reference: .unusable(reason: "the entry is \(found), expected {name, url} or a URL string"))
    }

    private static func reference(from value: Any, describedAs subject: String) -> RawManifestEntry.Reference {
        guard let text = value as? String else {
            return .unusable(reason: "\(subject) is \(ValueDescription.of(value)), not text")
        }
        return .text(text)
    }
}
