import Foundation

/// The kinds of document a manifest can be, told apart by their content rather than their name.
enum ManifestFormat {
    /// An XML or binary property list.
    case propertyList
    /// A JSON document whose root is an object or an array.
    case json
    /// UTF-8 text, one URL or path a line; the associated value is the decoded text.
    case textList(String)

    /// Works out the format from the first bytes of `data`.
    ///
    /// Binary property lists start with "bplist"; after any UTF-8 byte order mark and white space,
    /// XML property lists start with "<" and contain a `<plist` tag, JSON starts with "{" or "[",
    /// and anything else must be readable UTF-8 text without control characters.
    /// Throws a `ManifestError` for an empty document, an HTML page, other XML and binary data.
    static func detect(_ data: Data, origin: ManifestOrigin) throws -> ManifestFormat {
        let bytes = data.starts(with: utf8ByteOrderMark) ? data.dropFirst(utf8ByteOrderMark.count) : data[...]
        if bytes.starts(with: Array("bplist".utf8)) {
            return .propertyList
        }
        guard let start = bytes.firstIndex(where: { !isWhiteSpace($0) }) else {
            throw ManifestError(.empty, origin: origin)
        }
        switch bytes[start] {
        case UInt8(ascii: "<"):
            return try markupFormat(head: bytes[start...].prefix(1024), origin: origin)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return .json
        default:
            guard let text = String(bytes: bytes, encoding: .utf8), !text.unicodeScalars.contains(where: isControlCharacter) else {
                throw ManifestError(.unrecognizedFormat(describeBinary(bytes)), origin: origin)
            }
            return .textList(text)
        }
    }

    private static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Tells an XML property list from an HTML page or other XML by the tags near the start.
    private static func markupFormat(head: Data.SubSequence, origin: ManifestOrigin) throws -> ManifestFormat {
        let text = String(decoding: head, as: UTF8.self).lowercased()
        if text.contains("<plist") || text.contains("<!doctype plist") {
            return .propertyList
        }
        if text.contains("<html") || text.contains("<!doctype html") {
            throw ManifestError(.htmlPage, origin: origin)
        }
        throw ManifestError(.unrecognizedFormat("an XML document that is not a property list"), origin: origin)
    }

    /// Names well-known binary formats that are easily served by mistake; otherwise shows the first bytes.
    private static func describeBinary(_ bytes: Data.SubSequence) -> String {
        let signatures: [(prefix: [UInt8], name: String)] = [
            ([0x89, 0x50, 0x4E, 0x47], "a PNG image"),
            ([0xFF, 0xD8, 0xFF], "a JPEG image"),
            (Array("GIF8".utf8), "a GIF image"),
            (Array("%PDF".utf8), "a PDF document"),
            ([0x50, 0x4B, 0x03, 0x04], "a ZIP archive"),
            ([0x1F, 0x8B], "gzip-compressed data"),
        ]
        if let match = signatures.first(where: { bytes.starts(with: $0.prefix) }) {
            return match.name
        }
        let hex = bytes.prefix(8).map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "binary data starting with \(hex.joined(separator: " "))"
    }

    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Control characters other than tab, line feed, form feed and carriage return mark binary data.
    private static func isControlCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0C, 0x0D: false
        case 0x00..<0x20, 0x7F: true
        default: false
        }
    }
}
