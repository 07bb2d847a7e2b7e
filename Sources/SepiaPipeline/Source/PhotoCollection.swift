/// The rows of one or more sources (manifests, folders, photo files), and what the folders
/// held that did not become rows.
public struct PhotoCollection: Sendable {
    /// The rows, in a stable order: the sources in the order given, each in its own order
    /// (a manifest's natural order of names, a folder's natural order of relative paths).
    public var entries: [PhotoEntry]
    /// The entries of folders that are not rows (files that are not images, subfolders of a
    /// scan that is not recursive, broken links, loops), in the order they were met.
    public var skipped: [SkippedFile]

    /// Bundles rows and skipped entries.
    public init(entries: [PhotoEntry], skipped: [SkippedFile] = []) {
        self.entries = entries
        self.skipped = skipped
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
