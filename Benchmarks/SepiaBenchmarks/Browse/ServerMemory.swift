import Foundation
import SepiaOperations
import SepiaPipeline
import SepiaSystem
import SepiaTestSupport

/// The demo server's share of `sepia demo`'s memory, measured apart: the peak resident size
/// of `sepia serve` after serving as many photos over loopback as the browser downloaded.
enum ServerMemory {
    /// Starts `binary serve --port 0`, downloads its photos in manifest order, four at a
    /// time, and reads its peak resident bytes after each of `counts` (ascending) photos.
    static func peaks(of binary: URL, afterServing counts: [Int], cleanup: InterruptionCleanup) throws -> [Int: Int] {
        let server = Process()
        server.executableURL = binary
        server.arguments = ["serve", "--port", "0"]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        let registration = cleanup.add { server.terminate() }
        defer {
            stop(server)
            cleanup.remove(registration)
        }
        guard let address = address(printedBy: output.fileHandleForReading, within: 30) else {
            throw EndToEndError("sepia serve did not say where it listens")
        }
        let loader = HTTPLoader(configuration: HTTPLoaderConfiguration(totalTimeout: 5, retry: RetryPolicy(maximumAttempts: 1)))
        defer { shutDown(loader) }
        let photos = try photoURLs(listedAt: address.appendingPathComponent("photos.json"), loader: loader)
        var peaks: [Int: Int] = [:]
        var served = 0
        for count in counts {
            download(photos[min(served, photos.count)..<min(count, photos.count)], with: loader)
            served = max(served, count)
            peaks[count] = ResidentMemory.peak(ofProcess: server.processIdentifier)
        }
        return peaks
    }

    /// The first `http://127.0.0.1:PORT/` that `output` says within `seconds`.
    private static func address(printedBy output: FileHandle, within seconds: TimeInterval) -> URL? {
        var text = ""
        var request = pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)
        let found = Polling.wait(every: 0.05, for: seconds) {
            if poll(&request, 1, 0) > 0 { text += String(decoding: output.availableData, as: UTF8.self) }
            return text.contains("\n")
        }
        guard found, let match = text.firstMatch(of: #/http://127\.0\.0\.1:\d+//#) else { return nil }
        return URL(string: String(match.output))
    }

    /// The photo URLs of the JSON manifest at `manifest`, in its order (the broken entries
    /// under `/photos/` too; the one without a URL left out).
    private static func photoURLs(listedAt manifest: URL, loader: HTTPLoader) throws -> [URL] {
        struct Entry: Decodable { let url: String? }
        guard let data = fetch(manifest, with: loader) else { throw EndToEndError("cannot read \(manifest)") }
        return try JSONDecoder().decode([Entry].self, from: data).compactMap { entry in
            guard let url = entry.url, url.hasPrefix("http"), url.contains("/photos/") else { return nil }
            return URL(string: url)
        }
    }

    /// Downloads `photos` four at a time and drops them; failures (the broken entries) are
    /// expected.
    private static func download(_ photos: ArraySlice<URL>, with loader: HTTPLoader) {
        DispatchQueue.concurrentPerform(iterations: 4) { lane in
            for index in stride(from: photos.startIndex + lane, to: photos.endIndex, by: 4) {
                _ = fetch(photos[index], with: loader)
            }
        }
    }

    /// The body of `url`, or nil when the download failed.
    private static func fetch(_ url: URL, with loader: HTTPLoader) -> Data? {
        let body = Locked<Data?>(nil)
        let done = DispatchSemaphore(value: 0)
        _ = loader.load(url) { result in
            body.withLock { $0 = try? result.get() }
            done.signal()
        }
        done.wait()
        return body.withLock { $0 }
    }

    /// Shuts `loader` down from this synchronous code, waiting until it has.
    private static func shutDown(_ loader: HTTPLoader) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await loader.shutdown()
            done.signal()
        }
        done.wait()
    }

    /// Asks `server` to stop (SIGTERM) and kills it when it has not within 10 s.
    private static func stop(_ server: Process) {
        server.terminate()
        if !Polling.wait(every: 0.05, for: 10, until: { !server.isRunning }) {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
    }
}
