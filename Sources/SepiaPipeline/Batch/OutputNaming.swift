import Foundation
import SepiaImaging

/// File names for processed photos: named after the photo (`Big Fella` → `Big Fella.jpg`),
/// made safe for any file system path, unique within a batch and the same on every run.
///
/// Names lose path separators, NUL and control characters and leading dots (so no name can
/// leave the output folder or hide), and an image file extension at their end (a folder's row
/// "2024/beach.jpg" is written as `2024_beach.webp`, not `2024_beach.jpg.webp`).
///
/// Every final name is unique within the batch, compared as case-insensitive file systems
/// compare names: case-folded and in Unicode's canonical composition (NFC), so "Ü" spelled as
/// one code point or as "U" and a combining diaeresis is one name. Only names that would
/// still collide get a short suffix derived from the entry's name and location, which keeps
/// them stable between runs; a suffixed name that another row's name already is (or another
/// suffixed name, for rows with the same name and location) takes the next derived suffix,
/// in manifest order. Names that do not collide never change, so neither do their shards.
public struct OutputNaming: Sendable {
    /// The longest stem kept, in UTF-8 bytes, leaving room for a suffix and an extension
    /// within the usual 255-byte limit.
    static let maximumStemBytes = 200

    private let entries: [PhotoEntry]
    private let pathExtension: String
    /// The suffix of each row whose stem collides with another's, by row. Only those rows: a
    /// batch of a million rows keeps a few bytes a row while it counts, not a copy of every name.
    private let suffixes: [Int: String]

    /// Looks at every entry once to find the names that collide and give those unique
    /// suffixes; each name is made when asked.
    public init(entries: [PhotoEntry], pathExtension: String) {
        // Digests of the folded stems, not the stems. (Two different stems with the same
        // digest only gain suffixes they did not need.)
        let keys = entries.map { Self.foldedKey(of: Self.safeStem($0.name)) }
        var isColliding: [UInt64: Bool] = [:]
        isColliding.reserveCapacity(entries.count)
        for key in keys {
            isColliding[key] = isColliding[key] != nil  // true from the second entry on
        }
        var suffixes: [Int: String] = [:]
        var suffixedKeys = Set<UInt64>()
        for (row, key) in keys.enumerated() where isColliding[key] == true {
            let entry = entries[row]
            let stem = Self.safeStem(entry.name)
            for attempt in 0... {
                let suffix = Self.suffix(of: entry, attempt: attempt)
                let suffixedKey = Self.foldedKey(of: "\(stem) \(suffix)")
                if isColliding[suffixedKey] == nil, suffixedKeys.insert(suffixedKey).inserted {
                    suffixes[row] = suffix
                    break
                }
            }
        }
        self.entries = entries
        self.pathExtension = pathExtension
        self.suffixes = suffixes
    }

    private init(entries: [PhotoEntry], pathExtension: String, suffixes: [Int: String]) {
        self.entries = entries
        self.pathExtension = pathExtension
        self.suffixes = suffixes
    }

    /// The file name of the entry at `index`, ending in `.pathExtension`.
    public func fileName(at index: Int) -> String {
        "\(baseName(at: index)).\(pathExtension)"
    }

    /// The file name of the entry at `index` without its extension: what picks the row's
    /// ``BatchShard``, whatever the output format.
    public func baseName(at index: Int) -> String {
        let stem = Self.safeStem(entries[index].name)
        guard let suffix = suffixes[index] else { return stem }
        return "\(stem) \(suffix)"
    }

    /// The naming of the entries at `rows` alone, each keeping the name it has here (names
    /// that collide with a row left out keep their suffix). Row `i` of the result is `rows[i]`.
    public func restricted(to rows: [Int]) -> OutputNaming {
        var kept: [Int: String] = [:]
        for (newRow, row) in rows.enumerated() {
            if let suffix = suffixes[row] { kept[newRow] = suffix }
        }
        return OutputNaming(entries: rows.map { entries[$0] }, pathExtension: pathExtension, suffixes: kept)
    }

    /// The entries named, in order.
    public var namedEntries: [PhotoEntry] { entries }

    /// One file name per entry, in the same order, each ending in `.pathExtension`.
    public static func fileNames(for entries: [PhotoEntry], pathExtension: String) -> [String] {
        let naming = OutputNaming(entries: entries, pathExtension: pathExtension)
        return entries.indices.map(naming.fileName(at:))
    }

    /// File name extensions of images, lowercased, which a row's name loses in its file name.
    private static let imageExtensions: Set<String> = Set(ImageFormat.allCases.map(\.fileExtension)).union([
        "jpeg", "jpe", "jfif", "tiff", "heif", "hif",
    ])

    /// `name` with everything unsafe in a file name replaced, never empty.
    static func safeStem(_ name: String) -> String {
        var name = Substring(name)
        if let dot = name.lastIndex(of: "."), dot != name.startIndex,
            imageExtensions.contains(name[name.index(after: dot)...].lowercased())
        {
            name = name[..<dot]
        }
        if isPlainStem(name) { return String(name) }
        var stem = String(
            String.UnicodeScalarView(
                name.unicodeScalars.map { scalar in
                    scalar == "/" || scalar == "\\" || isControl(scalar) ? "_" : scalar
                }))
        stem = trimmingWhitespace(stem)
        while stem.hasPrefix(".") { stem.removeFirst() }
        while stem.utf8.count > maximumStemBytes { stem.removeLast() }
        stem = trimmingWhitespace(stem)
        return stem.isEmpty ? "photo" : stem
    }

    /// Whether `name` is a stem as it is, which most names are: printable ASCII without a path
    /// separator, neither starting with a dot or a space nor ending with a space, and not too
    /// long. (The general path builds a new string three times over.)
    private static func isPlainStem(_ name: Substring) -> Bool {
        let bytes = name.utf8
        guard let first = bytes.first, let last = bytes.last, bytes.count <= maximumStemBytes,
            first != UInt8(ascii: "."), first != UInt8(ascii: " "), last != UInt8(ascii: " ")
        else { return false }
        return bytes.allSatisfy { (0x20...0x7E).contains($0) && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "\\") }
    }

    /// `text` without the white space at its ends: what `trimmingCharacters(in: .whitespaces)`
    /// removes (tab, the space separators, Unicode's Zs, and U+200B ZERO WIDTH SPACE, which
    /// Foundation's set still holds), without Foundation's `NSString`, whose generic UTF-16 code
    /// made the runtime scan every protocol conformance of the binary three times in a one-photo
    /// run (TRAPS.md, "Start-up").
    static func trimmingWhitespace(_ text: String) -> String {
        func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            // ASCII first: the Unicode property lookup is what a batch of short names pays for.
            if scalar.isASCII { return scalar == " " || scalar == "\t" }
            return scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
            let last = scalars.lastIndex(where: { !isWhitespace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Whether `scalar` is a control character (Unicode's Cc), without the property lookup for ASCII.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar.value < 0x20 || scalar.value == 0x7F : scalar.properties.generalCategory == .control
    }

    /// Six hexadecimal digits derived from the entry's name and location: the first attempt's
    /// from those alone (the suffix names had before suffixes were checked), later ones with
    /// the attempt's number too.
    private static func suffix(of entry: PhotoEntry, attempt: Int) -> String {
        let text = attempt == 0 ? "\(entry.name)\u{0}\(entry.location)" : "\(entry.name)\u{0}\(entry.location)\u{0}\(attempt)"
        return String(FNV1a128.hex(of: Array(text.utf8)).prefix(6))
    }

    /// The digest of `name` as a case-insensitive file system compares it: lowercased, then in
    /// canonical composition (NFC). ASCII is its own NFC.
    private static func foldedKey(of name: String) -> UInt64 {
        let folded = name.lowercased()
        if folded.utf8.allSatisfy({ $0 < 0x80 }) { return FNV1a128.low64(of: folded.utf8) }
        // The standard library's own NFC, with which it hashes strings (public, if underscored;
        // Foundation's `precomposedStringWithCanonicalMapping` goes through NSString).
        return FNV1a128.low64(of: folded._nfcCodeUnits)
    }
}
