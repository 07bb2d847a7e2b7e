import SepiaImaging

/// Every entry the demo server lists, in manifest order: `photoCount` generated photos
/// ("Misty Fjord 17" at `/photos/17.jpg`; every seventh one a PNG, the second a progressive
/// JPEG sent slowly, the third an animated WebP) with the broken entries
/// spread among them at fixed positions.
///
/// The catalog depends only on the configuration's `photoCount`, `includesBrokenEntries`
/// and `seed`, so tests can rebuild it and know exactly what a server lists.
package struct DemoCatalog: Sendable {
    /// Every seventh photo (7, 14, …) is a PNG; the others are JPEGs.
    package static let pngInterval = 7
    /// The photo that is a progressive JPEG sent slowly (`Entry.Kind.progressive`): near the
    /// top, so that the first screen shows its preview.
    package static let progressiveNumber = 2
    /// The photo that is an animated WebP (`Entry.Kind.animated`): near the top, so that the
    /// first screen shows it.
    package static let animatedNumber = 3

    /// All entries, in manifest order.
    package let entries: [Entry]
    private let entriesByPath: [String: Entry]

    /// Builds the catalog a server with `configuration` serves.
    package init(configuration: DemoServerConfiguration) {
        let photoCount = max(configuration.photoCount, 0)
        let brokenKinds = configuration.includesBrokenEntries ? Entry.Kind.brokenKinds : []
        var entries: [Entry] = []
        entries.reserveCapacity(photoCount + brokenKinds.count)
        // Broken entry k goes after photo (k + 1) × photoCount / (brokenKinds.count + 1).
        let slots = brokenKinds.indices.map { ($0 + 1) * photoCount / (brokenKinds.count + 1) }
        for number in 0...photoCount {
            if number > 0 {
                entries.append(Self.photo(number: number, seed: configuration.seed))
            }
            for (index, kind) in brokenKinds.enumerated() where slots[index] == number {
                entries.append(Self.broken(kind, index: index, seed: configuration.seed))
            }
        }
        self.entries = entries
        self.entriesByPath = Dictionary(
            entries.compactMap { entry in entry.path.map { ($0, entry) } },
            uniquingKeysWith: { first, _ in first }
        )
    }

    /// The good photos, in manifest order.
    package var photos: [Entry] { entries.filter { !$0.kind.isBroken } }

    /// The deliberately broken entries, in manifest order.
    package var brokenEntries: [Entry] { entries.filter(\.kind.isBroken) }

    /// The entry whose image lives at `path` (e.g. `/photos/17.jpg`), if any.
    package func entry(forPath path: String) -> Entry? {
        entriesByPath[path]
    }

    /// The first entry of `kind`, if the catalog has one.
    package func entry(ofKind kind: Entry.Kind) -> Entry? {
        entries.first { $0.kind == kind }
    }

    private static func photo(number: Int, seed: UInt64) -> Entry {
        let format: ImageFormat = number == animatedNumber ? .webp : number % pngInterval == 0 ? .png : .jpeg
        let kind: Entry.Kind =
            switch number {
            case progressiveNumber: .progressive
            case animatedNumber: .animated
            default: .photo(format)
            }
        return Entry(
            name: photoName(number: number, seed: seed),
            path: "/photos/\(number).\(format.fileExtension)",
            kind: kind,
            imageSeed: SeedMixer.mix(seed, UInt64(number))
        )
    }

    /// Where each broken entry's image lives; `.noURL` has no path.
    private static let brokenPaths: [Entry.Kind: String] = [
        .notFound: "/photos/missing.jpg",
        .corrupt: "/photos/corrupt.jpg",
        .html: "/photos/page.jpg",
        .truncated: "/photos/truncated.jpg",
        .slow: "/photos/slow.jpg",
    ]

    private static func broken(_ kind: Entry.Kind, index: Int, seed: UInt64) -> Entry {
        // Broken entries draw from the far end of the counter space, away from photo numbers.
        return Entry(
            name: brokenName(kind),
            path: brokenPaths[kind],
            kind: kind,
            imageSeed: SeedMixer.mix(seed, UInt64.max - UInt64(index))
        )
    }
}
