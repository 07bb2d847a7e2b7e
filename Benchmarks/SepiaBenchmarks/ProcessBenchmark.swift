import ArgumentParser
import Foundation
import SepiaDemoServer
import SepiaImaging
import SepiaOperations
import SepiaPipeline
import SepiaSystem

/// `sepia process` end to end over the demo server: a cold run that downloads everything,
/// then a warm run whose originals come from the disk cache.
struct ProcessBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "process",
        abstract: "Batch pipeline throughput over the demo server, cold and warm disk cache."
    )

    @Option(help: "Photos the demo server lists.")
    var count = 500

    @Option(help: "Photos processed at once (default: the number of cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    func run() async throws {
        ImageMemory.keepFreedBuffers()  // as `sepia process` does
        var configuration = DemoServerConfiguration(photoCount: count)
        configuration.includesBrokenEntries = false
        let server = try await DemoPhotoServer.start(configuration)
        let loader = HTTPLoader()
        do {
            try await measure(server, configuration: configuration, loader: loader)
        } catch {
            await loader.shutdown()
            await server.stop()
            throw error
        }
        await loader.shutdown()
        await server.stop()
    }

    private func measure(_ server: DemoPhotoServer, configuration: DemoServerConfiguration, loader: HTTPLoader) async throws {
        // Every photo is generated on the server first, so the runs measure the client only.
        try await server.prepareAllPhotos()
        let entries = try await PhotoSource.entries(at: server.propertyListURL.absoluteString, loader: loader)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cache = try DiskCache(directory: scratch.appendingPathComponent("cache"), sizeLimit: 4 << 30)
        print(
            "Sepia process benchmark: \(entries.count) photos of \(configuration.photoSize) from the demo server "
                + "(pre-generated), sepia 0.8, JPEG 90, \(jobs) jobs")
        for (label, folder) in [("cold cache", "cold"), ("warm cache", "warm")] {
            let requestsBefore = server.counters.totalRequests
            _ = ResidentMemory.resetPeak()
            let options = BatchOptions(output: scratch.appendingPathComponent(folder), maxConcurrentFiltrations: jobs, originals: cache)
            let started = Date()
            let processor = BatchProcessor(entries: entries, options: options, loader: loader)
            let written = await processor.run().filter(\.isDone).count
            let progress = processor.progress
            let seconds = Date().timeIntervalSince(started)
            let peak = ResidentMemory.peak().map { "\($0 / 1_048_576) MB" } ?? "n/a"
            print(
                String(
                    format: "  %@: %d/%d written in %.2f s: %.1f photos/s, %.1f MP/s, peak RSS %@, %d requests, %d KB downloaded",
                    label, written, entries.count, seconds, Double(written) / seconds,
                    progress.megapixels / seconds, peak,
                    server.counters.totalRequests - requestsBefore, progress.bytesDownloaded / 1024))
        }
    }
}
