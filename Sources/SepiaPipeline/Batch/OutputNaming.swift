import Foundation

/// File names for processed photos: named after the photo (`Big Fella` → `Big Fella.jpg`),
/// made safe for any file system path, unique within a batch and the same on every run.
public enum OutputNaming {
    /// The longest stem kept, in UTF-8 bytes, leaving room for a suffix and an extension
    /// within the usual 255-byte limit.
    static let maximumStemBytes = 200

    /// One file name per entry, in the same order, each ending in `.pathExtension`.
    ///
    /// Names lose path separators, NUL and control characters and leading dots (so no name
    /// can leave the output folder or hide). Only names that would still collide (compared
    /// case-insensitively, for case-insensitive file systems) get a short suffix derived from
    /// the entry's location, which keeps them stable between runs.
    public static func fileNames(for entries: [PhotoEntry], pathExtension: String) -> [String] {
        let stems = entries.map { safeStem($0.name) }
        var counts: [String: Int] = [:]
        for stem in stems { counts[stem.lowercased(), default: 0] += 1 }
        return zip(entries, stems).map { entry, stem in
            guard counts[stem.lowercased()]! > 1 else { return "\(stem).\(pathExtension)" }
            let digest = FNV1a128.hex(of: Array("\(entry.name)\u{0}\(entry.location)".utf8))
            return "\(stem) \(digest.prefix(6)).\(pathExtension)"
        }
    }

    /// `name` with everything unsafe in a file name replaced, never empty.
    static func safeStem(_ name: String) -> String {
        var stem = String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
            scalar == "/" || scalar == "\\" || scalar.properties.generalCategory == .control ? "_" : scalar
        }))
        stem = stem.trimmingCharacters(in: .whitespaces)
        while stem.hasPrefix(".") { stem.removeFirst() }
        while stem.utf8.count > maximumStemBytes { stem.removeLast() }
        stem = stem.trimmingCharacters(in: .whitespaces)
        return stem.isEmpty ? "photo" : stem
    }
}
