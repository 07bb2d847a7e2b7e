import ArgumentParser
import Foundation
import Glibc
import SepiaDemoContent
import SepiaImaging
import SepiaList
import SepiaPipeline

/// A folder of many photos as a source: how long the folder takes to list, and how long the
/// list controller takes to a first screen of filtered photos, next to the same screen over a
/// folder that holds only that screen's photos (the reference run): only visible rows are
/// decoded, so the two should be close.
struct FolderBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folder",
        abstract: "Listing a folder of many photos, and the time to a first screen of filtered photos."
    )

    @Option(help: "Photos in the large folder.")
    var count = 10_000

    @Option(help: "Rows on the first screen.")
    var rows = 24

    @Option(help: "Width of each photo (height is 3/4 of it).")
    var width = 1600

    @Option(help: "Rounds of each measurement (the median is printed).")
    var rounds = 5

    func run() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-folder-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let large = root.appendingPathComponent("large")
        let small = root.appendingPathComponent("small")
        try makeFolder(large, photos: count)
        try makeFolder(small, photos: rows)
        print("Folder source: \(count) photos of \(width)x\(width * 3 / 4) (hard links to 8 distinct JPEGs, page cache warm)")

        let loader = HTTPLoader()
        var listing: [Double] = []
        for _ in 0..<rounds {
            let start = ContinuousClock.now
            let found = try await PhotoSource.collection(from: [large.path], loader: loader)
            listing.append(seconds(since: start))
            precondition(found.entries.count == count)
        }
        var firstScreenLarge: [Double] = []
        var firstScreenSmall: [Double] = []
        for _ in 0..<rounds {
            firstScreenSmall.append(await firstScreen(small, loader: loader))
            firstScreenLarge.append(await firstScreen(large, loader: loader))
        }
        await loader.shutdown()
        let (list, big, reference) = (median(listing), median(firstScreenLarge), median(firstScreenSmall))
        print(String(format: "  listing %d files:                    %7.1f ms", count, list * 1000))
        print(String(format: "  first screen (%d rows), %d photos: %7.1f ms", rows, count, big * 1000))
        print(String(format: "  first screen (%d rows), %d photos:    %7.1f ms  (reference)", rows, rows, reference * 1000))
        print(String(format: "  large folder over reference: %.2fx the time", big / reference))
    }

    /// Seconds from the source load to every row of the first screen filtered, through a
    /// fresh pipeline and list controller.
    @MainActor
    private func firstScreen(_ folder: URL, loader: HTTPLoader) async -> Double {
        let pipeline = PhotoPipeline(loader: loader)
        let controller = PhotoListController(loader: pipeline)
        let start = ContinuousClock.now
        let elapsed = await withCheckedContinuation { (continuation: CheckedContinuation<Double, Never>) in
            var finished = false
            controller.onChange = { _ in
                let shown = controller.visibleRows
                guard !finished, !shown.isEmpty, shown.allSatisfy({ controller.records[$0].state == .filtered }) else { return }
                finished = true
                continuation.resume(returning: seconds(since: start))
            }
            controller.show(rows: 0..<rows)
            controller.loadSource { completion in
                PhotoSource.load([folder.path], loader: loader) { completion($0.map(\.entries)) }
            }
        }
        controller.cancelAll()
        return elapsed
    }

    /// A folder of `photos` JPEGs, hard links to 8 distinct generated photos.
    private func makeFolder(_ folder: URL, photos: Int) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var originals: [String] = []
        for seed in 0..<min(8, photos) {
            let image = PhotoGenerator(seed: UInt64(seed)).render(width: width, height: width * 3 / 4)
            let path = folder.appendingPathComponent(String(format: "IMG_%05d.jpg", seed)).path
            try Data(ImageEncoder.encode(image, as: .jpeg(quality: 90))).write(to: URL(fileURLWithPath: path))
            originals.append(path)
        }
        for index in originals.count..<photos {
            let path = folder.appendingPathComponent(String(format: "IMG_%05d.jpg", index)).path
            guard link(originals[index % originals.count], path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
    }

    private func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}

private func seconds(since start: ContinuousClock.Instant) -> Double {
    (ContinuousClock.now - start).seconds
}
