import Foundation
import SepiaImaging

/// File names for processed photos: named after the photo (`Big Fella` → `Big Fella.jpg`),
/// made safe for any file system path, unique within a batch and the same on every run.
///
/// Names lose path separators, NUL and control characters and leading dots (so no name can
/// leave the output folder or hide), and an image file extension at their end (a folder's row
/// "2024/beach.jpg" is written as `2024_beach.webp`, not `2024_beach.jpg.webp`). Only names that would still collide (compared
/// case-insensitively, for case-insensitive file systems) get a short suffix derived from the
/// entry's location, which keeps them stable between runs.
public struct OutputNaming: Sendable {
    /// The longest stem kept, in UTF-8 bytes, leaving room for a suffix and an extension
    /// within the usual 255-byte limit.
    static let maximumStemBytes = 200

    private let entries: [PhotoEntry]
    private let pathExtension: String
    /// The 64-bit digests of the lowercased stems that more than one entry has. Digests, not
    /// names: a batch of a million rows keeps a few bytes a row while it counts, not a copy of
    /// every name. (Two different stems with the same digest only gain suffixes they did not need.)
    private let collidingStems: Set<UInt64>

    /// Looks at every entry once to find the names that collide; each name is made when asked.
    public init(entries: [PhotoEntry], pathExtension: String) {
        var seen: [UInt64: Bool] = [:]
        seen.reserveCapacity(entries.count)
        for entry in entries {
            let digest = Self.digest(ofStem: Self.safeStem(entry.name))
            seen[digest] = seen[digest] != nil  // true from the second entry on
        }
        self.entries = entries
        self.pathExtension = pathExtension
        // Closures, not key paths: a key path is an object made at run time and read through the runtime.
        collidingStems = Set(seen.lazy.filter { $0.value }.map { $0.key })
    }

    private init(entries: [PhotoEntry], pathExtension: String, collidingStems: Set<UInt64>) {
        self.entries = entries
        self.pathExtension = pathExtension
        self.collidingStems = collidingStems
    }

    /// The file name of the entry at `index`, ending in `.pathExtension`.
    public func fileName(at index: Int) -> String {
        "\(baseName(at: index)).\(pathExtension)"
    }

    /// The file name of the entry at `index` without its extension: what picks the row's
    /// ``BatchShard``, whatever the output format.
    public func baseName(at index: Int) -> String {
        let entry = entries[index]
        let stem = Self.safeStem(entry.name)
        guard collidingStems.contains(Self.digest(ofStem: stem)) else { return stem }
        let digest = FNV1a128.hex(of: Array("\(entry.name)\u{0}\(entry.location)".utf8))
        return "\(stem) \(digest.prefix(6))"
    }

    /// The naming of the entries at `rows` alone, each keeping the name it has here (names
    /// that collide with a row left out keep their suffix). Row `i` of the result is `rows[i]`.
    public func restricted(to rows: [Int]) -> OutputNaming {
        OutputNaming(entries: rows.map { entries[$0] }, pathExtension: pathExtension, collidingStems: collidingStems)
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
    /// run (see DESIGN.md, Start-up).
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

    private static func digest(ofStem stem: String) -> UInt64 {
        FNV1a128.low64(of: stem.lowercased().utf8)
    }
}
