/// The rows of one or more sources (manifests, folders, photo files), and what the folders
/// held that did not become rows.
public struct PhotoCollection: Sendable {
    /// The rows, in a stable order: the sources in the order given, each in its own order
    /// (a manifest's natural order of names, a folder's natural order of relative paths).
    public var entries: [PhotoEntry]
    /// The entries of folders that are not rows (files that are not images, subfolders of a
    /// scan that is not recursive, broken links, loops), in the order they were met.
    public var skipped: [SkippedFile]

    /// The placeholders manifest entries gave that do not decode, left out of their rows (which
    /// are rows all the same), in the order the manifests list the entries.
    public var ignoredPlaceholders: [IgnoredPlaceholder]

    /// Bundles rows, skipped entries and ignored placeholders.
    public init(entries: [PhotoEntry], skipped: [SkippedFile] = [], ignoredPlaceholders: [IgnoredPlaceholder] = []) {
        self.entries = entries
        self.skipped = skipped
        self.ignoredPlaceholders = ignoredPlaceholders
    }

    /// A line such as "Ignored 2 placeholders that do not decode; the first, of Beach: The
    /// BlurHash has 27 characters where its header announces 28."; nil when none was ignored.
    public var ignoredPlaceholdersSummary: String? {
        guard let first = ignoredPlaceholders.first else { return nil }
        let count = ignoredPlaceholders.count
        let noun = count == 1 ? "a placeholder that does" : "\(count) placeholders that do"
        let which = count == 1 ? "of" : "the first, of"
        return "Ignored \(noun) not decode (the rows show none); \(which) \(first.name): \(first.reason)"
    }

    /// A line such as "Skipped 3 entries: 2 not an image, 1 a subfolder (--recursive descends
    /// into it)."; nil when nothing was skipped.
    public var skippedSummary: String? {
        guard !skipped.isEmpty else { return nil }
        var counts: [(reason: String, count: Int)] = []
        for file in skipped {
            let reason = file.reason.description
            if let index = counts.firstIndex(where: { $0.reason == reason }) {
                counts[index].count += 1
            } else {
                counts.append((reason, 1))
            }
        }
        let parts = counts.map { "\($0.count) \($0.reason)" }
        let noun = skipped.count == 1 ? "entry" : "entries"
        return "Skipped \(skipped.count) \(noun): \(parts.joined(separator: ", "))."
    }
}
