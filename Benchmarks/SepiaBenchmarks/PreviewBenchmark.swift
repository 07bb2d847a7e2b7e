import ArgumentParser
import Foundation
import SepiaDemoServer
import SepiaImaging
import SepiaOperations
import SepiaPipeline

/// What previews cost (issue 30: "never delays the final photo measurably"): the time to the
/// decoded original of the demo server's progressive JPEG over a throttled loopback download,
/// with previews on and off in alternating rounds of the same run, and the time to the first
/// preview; then the decode of one preview at each scan boundary of that photo, beside the
/// whole photo's decode to the same box and at full size.
struct PreviewBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "previews",
        abstract: "Time to the photo with previews on and off over a throttled download, and each preview's decode."
    )

    @Option(help: "Rounds of each (previews on, off), alternating.")
    var rounds = 15

    @Option(help: "The download's rate in bytes per second.")
    var bandwidth = 400_000

    @Option(help: "Decodes per scan boundary when timing the preview decode.")
    var decodes = 50

    func run() async throws {
        var configuration = DemoServerConfiguration(photoCount: DemoCatalog.progressiveNumber, includesBrokenEntries: false)
        configuration.progressiveBandwidth = bandwidth
        let server = try await DemoPhotoServer.start(configuration)
        let loader = HTTPLoader()
        do {
            try await server.prepareAllPhotos()
            let entry = try required(server.catalog.entry(ofKind: .progressive), "the progressive photo")
            let url = try required(server.url(for: entry), "its URL")
            let bytes = try await download(url, loader: loader)
            print(
                "Sepia preview benchmark: the demo's progressive JPEG (\(configuration.photoSize), \(bytes.count) bytes) "
                    + "at \(bandwidth) B/s over loopback, \(rounds) rounds each, default PreviewPolicy \(PreviewPolicy().box)")
            try await timeToPhoto(url, loader: loader)
            try decodeCosts(bytes)
        } catch {
            await loader.shutdown()
            await server.stop()
            throw error
        }
        await loader.shutdown()
        await server.stop()
    }

    /// The photo's bytes, fetched once at the throttled rate.
    private func download(_ url: URL, loader: HTTPLoader) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            _ = loader.load(url) { continuation.resume(with: $0) }
        }
    }

    /// One load of the original through a pipeline that keeps nothing in memory: seconds to
    /// the photo, seconds to the first preview (if any) and the previews shown.
    private func load(_ url: URL, loader: HTTPLoader, previews: Bool) async throws -> (photo: Double, firstPreview: Double?, count: Int) {
        var settings = PhotoPipelineConfiguration(originalsCostLimit: 0, processedCostLimit: 0)
        settings.previews = previews ? PreviewPolicy() : nil
        let pipeline = PhotoPipeline(loader: loader, configuration: settings)
        let started = ContinuousClock.now
        let task = pipeline.original(for: PhotoRequest(url: url, processing: PhotoProcessing(fitting: PixelSize(width: 320, height: 240))))
        let seen = Locked((first: Double?.none, count: 0))
        task.onPreview(on: .global()) { _ in
            let elapsed = (ContinuousClock.now - started).seconds
            seen.withLock { seen in
                seen.count += 1
                if seen.first == nil { seen.first = elapsed }
            }
        }
        _ = try await task.value
        let photo = (ContinuousClock.now - started).seconds
        let (first, count) = seen.withLock { ($0.first, $0.count) }
        return (photo, first, count)
    }

    private func timeToPhoto(_ url: URL, loader: HTTPLoader) async throws {
        var on: [Double] = []
        var off: [Double] = []
        var firsts: [Double] = []
        var counts: [Int] = []
        _ = try await load(url, loader: loader, previews: true)  // warm-up: connection, decoders
        for _ in 0..<rounds {
            let with = try await load(url, loader: loader, previews: true)
            on.append(with.photo)
            counts.append(with.count)
            if let first = with.firstPreview { firsts.append(first) }
            off.append(try await load(url, loader: loader, previews: false).photo)
        }
        let (medianOn, medianOff) = (Self.median(on), Self.median(off))
        print(
            "time to the photo, previews on   \(Self.milliseconds(medianOn))  (\(Self.milliseconds(on.min()!))-\(Self.milliseconds(on.max()!)))"
        )
        print(
            "time to the photo, previews off  \(Self.milliseconds(medianOff))  (\(Self.milliseconds(off.min()!))-\(Self.milliseconds(off.max()!)))"
        )
        print(String(format: "ratio on/off (medians)           %.3f", medianOn / medianOff))
        if !firsts.isEmpty {
            print(
                "time to the first preview        \(Self.milliseconds(Self.median(firsts)))  (\(firsts.count) of \(rounds) rounds had one)")
        }
        print("previews shown per photo         \(counts.min()!)-\(counts.max()!)")
    }

    private func decodeCosts(_ bytes: Data) throws {
        let box = PreviewPolicy().box
        var scanner = ProgressivePrefixScanner()
        var ends: [Int] = []
        for length in 1...bytes.count {
            let before = scanner.completeScans
            bytes[..<length].withUnsafeBytes { scanner.update(with: $0) }
            if scanner.completeScans > before { ends.append(scanner.previewableLength) }
        }
        let clock = ContinuousClock()
        func time(_ work: () throws -> Void) rethrows -> Double {
            try work()
            var samples: [Double] = []
            for _ in 0..<decodes { samples.append(try clock.measure(work).seconds) }
            return Self.median(samples)
        }
        print("preview decode into \(box) at each scan boundary (median of \(decodes)):")
        var costs: [Double] = []
        for (index, end) in ends.enumerated() {
            // A scan is complete once the marker after it has come: up to that marker, included.
            let cost = try time { _ = try ProgressivePreview.decode(bytes[..<min(end + 2, bytes.count)], fitting: box) }
            costs.append(cost)
            print("  \(index + 1) scans, \(end) bytes".padding(toLength: 30, withPad: " ", startingAt: 0) + Self.milliseconds(cost))
        }
        let boxed = try time { _ = try ImageDecoder.decode(bytes, options: ImageDecodingOptions(targetSize: box)) }
        let full = try time { _ = try ImageDecoder.decode(bytes) }
        print("whole photo decoded for the box     \(Self.milliseconds(boxed))")
        print("whole photo decoded at full size    \(Self.milliseconds(full))")
        let worst = costs.sorted(by: >).prefix(PreviewPolicy().maximumCount).reduce(0, +)
        print(
            "at most per photo (the \(PreviewPolicy().maximumCount) dearest)   \(Self.milliseconds(worst))"
                + String(format: "  = %.2f of a full-size decode", worst / full))
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    private static func milliseconds(_ seconds: Double) -> String {
        String(format: "%.2f ms", seconds * 1000)
    }

    /// `value`, or a thrown error naming `what` when it is nil.
    private func required<Value>(_ value: Value?, _ what: String) throws -> Value {
        guard let value else { throw ValidationError("the demo server has no \(what)") }
        return value
    }
}
