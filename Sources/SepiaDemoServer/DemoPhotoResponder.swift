import Hummingbird
import SepiaImaging

/// Answers every request of the demo server: the two manifests, the photos and the broken
/// entries, after the configured latency and with the configured failures.
struct DemoPhotoResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    /// The path of ClassicPhotos' property-list manifest.
    static let propertyListPath = "/photos.plist"
    /// The path of the JSON manifest.
    static let jsonPath = "/photos.json"

    let configuration: DemoServerConfiguration
    let catalog: DemoCatalog
    let manifests: PublishedManifests
    let photos: PhotoStore
    let counters: DemoServerCounters
    let failures: FailureInjector
    let streamer: ResponseBodyStreamer
    /// Sends the `.progressive` entry, slowly.
    let trickle: ResponseBodyStreamer

    func respond(to request: Request, context: Context) async throws -> Response {
        let path = request.uri.path
        counters.recordRequest(path: path, isServed: serves(path: path))
        if configuration.latency > .zero {
            try await ShutdownAwareSleep.sleep(for: configuration.latency)
        }
        let response = try await response(to: request.method, path: path)
        configuration.requestLogger?("\(request.method) \(path) \(response.status.code)")
        return response
    }

    /// Whether `path` is a manifest's or a catalogue entry's.
    private func serves(path: String) -> Bool {
        path == Self.propertyListPath || path == Self.jsonPath || catalog.entry(forPath: path) != nil
    }

    private func response(to method: HTTPRequest.Method, path: String) async throws -> Response {
        guard method == .get else {
            return text("Only GET is served here.\n", status: .methodNotAllowed, headers: [.allow: "GET"])
        }
        switch path {
        case Self.propertyListPath:
            guard let manifest = manifests.current?.propertyList else { return notReady }
            return bytes(manifest, contentType: "application/x-plist")
        case Self.jsonPath:
            guard let manifest = manifests.current?.json else { return notReady }
            return bytes(manifest, contentType: "application/json")
        default:
            guard let entry = catalog.entry(forPath: path) else { return notFound }
            return try await response(for: entry)
        }
    }

    private func response(for entry: DemoCatalog.Entry) async throws -> Response {
        switch entry.kind {
        case .photo, .animated:
            if let failure = injectedFailure(for: entry) { return failure }
            return try await photo(entry, sentBy: streamer)
        case .progressive:
            if let failure = injectedFailure(for: entry) { return failure }
            return try await photo(entry, sentBy: trickle)
        case .noURL, .notFound:
            return notFound
        case .corrupt:
            return bytes(BrokenPayloads.corruptJPEG(seed: entry.imageSeed), contentType: ImageFormat.jpeg.mimeType)
        case .html:
            return bytes(BrokenPayloads.htmlPage, contentType: ImageFormat.jpeg.mimeType)
        case .truncated:
            let jpeg = try await photos.encodedPhoto(.init(seed: entry.imageSeed, encoding: .still(.jpeg)))
            return Response(
                status: .ok,
                headers: [.contentType: ImageFormat.jpeg.mimeType],
                body: streamer.truncatedBody(jpeg)
            )
        case .slow:
            try await ShutdownAwareSleep.sleep(for: configuration.slowDelay)
            return try await photo(entry, sentBy: streamer)
        }
    }

    /// A `503 Service Unavailable` for a good photo when the failure rate says so, else nil.
    private func injectedFailure(for entry: DemoCatalog.Entry) -> Response? {
        guard failures.shouldFail(imageSeed: entry.imageSeed) else { return nil }
        counters.recordServiceUnavailable()
        var headers: HTTPFields = [:]
        if let seconds = configuration.retryAfterSeconds {
            headers[.retryAfter] = String(seconds)
        }
        return text("Simulated failure, try again.\n", status: .serviceUnavailable, headers: headers)
    }

    /// The entry's own photo, sent by `streamer` (an entry that has one: see `PhotoStore.Key`).
    private func photo(_ entry: DemoCatalog.Entry, sentBy streamer: ResponseBodyStreamer) async throws -> Response {
        guard let key = PhotoStore.Key(entry) else { return notFound }
        let encoded = try await photos.encodedPhoto(key)
        return Response(status: .ok, headers: [.contentType: key.encoding.format.mimeType], body: streamer.body(encoded))
    }

    private var notFound: Response {
        text("No such photo.\n", status: .notFound)
    }

    private var notReady: Response {
        text("The server is still starting.\n", status: .serviceUnavailable)
    }

    private func bytes(_ bytes: [UInt8], contentType: String) -> Response {
        Response(status: .ok, headers: [.contentType: contentType], body: streamer.body(ByteBuffer(bytes: bytes)))
    }

    private func text(_ text: String, status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: headers, body: streamer.body(ByteBuffer(string: text)))
    }
}
