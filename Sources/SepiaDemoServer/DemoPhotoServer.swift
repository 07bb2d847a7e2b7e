package import Foundation
import Hummingbird
import Logging
import SepiaImaging
import ServiceLifecycle

/// The loopback demo photo server: a real HTTP/1.1 server on 127.0.0.1 (Hummingbird 2) that
/// serves ClassicPhotos-style manifests, generated photos and deliberately broken entries.
///
/// ```swift
/// let server = try await DemoPhotoServer.start(DemoServerConfiguration(photoSize: .init(width: 64, height: 48)))
/// let manifest = server.propertyListURL   // http://127.0.0.1:PORT/photos.plist
/// // … download from it, read server.counters …
/// await server.stop()
/// ```
///
/// Synchronous code (a command-line tool's main thread) uses `startBlocking(_:)` and
/// `stopBlocking()` instead.
///
/// Each server has its own port, catalog, photo cache and counters, so tests can run many
/// side by side. Call `stop()` when done; it is prompt even while slow responses are pending.
package final class DemoPhotoServer: Sendable {
    /// The configuration the server was started with.
    package let configuration: DemoServerConfiguration
    /// Every entry the manifests list, with what the server does for each.
    package let catalog: DemoCatalog
    /// What the server has done so far.
    package let counters: DemoServerCounters
    /// `http://127.0.0.1:PORT/`.
    package let baseURL: URL
    /// The TCP port the server listens on.
    package let port: Int

    private let photos: PhotoStore
    private let serviceGroup: ServiceGroup
    private let running: Task<Void, Never>

    private init(
        configuration: DemoServerConfiguration, catalog: DemoCatalog, counters: DemoServerCounters,
        port: Int, photos: PhotoStore, serviceGroup: ServiceGroup, running: Task<Void, Never>
    ) {
        self.configuration = configuration
        self.catalog = catalog
        self.counters = counters
        self.port = port
        self.baseURL = Self.baseURL(port: port)
        self.photos = photos
        self.serviceGroup = serviceGroup
        self.running = running
    }

    deinit {
        photos.close()
        let serviceGroup = serviceGroup
        Task { await serviceGroup.triggerGracefulShutdown() }
    }

    /// The ClassicPhotos property-list manifest: `…/photos.plist`.
    package var propertyListURL: URL { URL(string: "photos.plist", relativeTo: baseURL)!.absoluteURL }

    /// The JSON manifest: `…/photos.json`.
    package var jsonURL: URL { URL(string: "photos.json", relativeTo: baseURL)!.absoluteURL }

    /// The URL of `entry`'s image on this server; nil for a `.noURL` entry.
    package func url(for entry: DemoCatalog.Entry) -> URL? {
        entry.url(relativeTo: baseURL)
    }

    /// Starts a server and returns once it is listening on 127.0.0.1.
    ///
    /// - Throws: `DemoServerError.invalidConfiguration` for out-of-range values, or the
    ///   socket error if the port cannot be bound (for example, it is in use).
    package static func start(_ configuration: DemoServerConfiguration = DemoServerConfiguration()) async throws -> DemoPhotoServer {
        try configuration.validate()
        let catalog = DemoCatalog(configuration: configuration)
        let counters = DemoServerCounters()
        let photos = PhotoStore(size: configuration.photoSize, jpegQuality: configuration.jpegQuality)
        let manifests = PublishedManifests()
        let responder = DemoPhotoResponder(
            configuration: configuration,
            catalog: catalog,
            manifests: manifests,
            photos: photos,
            counters: counters,
            failures: FailureInjector(rate: configuration.failureRate, seed: configuration.seed),
            streamer: ResponseBodyStreamer(bandwidth: configuration.bandwidth, counters: counters),
            trickle: ResponseBodyStreamer(
                bandwidth: min(configuration.bandwidth ?? .max, configuration.progressiveBandwidth), counters: counters)
        )

        let (boundPorts, boundPort) = AsyncThrowingStream.makeStream(of: Int.self)
        var application = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: configuration.port)),
            onServerRunning: { channel in
                // Runs before the first connection is handled, so the manifests are ready in time.
                guard let port = channel.localAddress?.port else {
                    return boundPort.finish(throwing: DemoServerError.stoppedBeforeListening)
                }
                do {
                    try manifests.publish(catalog: catalog, baseURL: baseURL(port: port), photoSize: configuration.photoSize)
                    boundPort.yield(port)
                    boundPort.finish()
                } catch {
                    boundPort.finish(throwing: error)
                }
            }
        )
        // Hummingbird logs each start at info level; keep tests and the CLI quiet.
        application.logger.logLevel = .error
        let serviceGroup = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [application], logger: application.logger)
        )
        let running = Task {
            do {
                try await serviceGroup.run()
                boundPort.finish(throwing: DemoServerError.stoppedBeforeListening)
            } catch {
                boundPort.finish(throwing: error)
            }
        }

        do {
            for try await port in boundPorts {
                return DemoPhotoServer(
                    configuration: configuration, catalog: catalog, counters: counters,
                    port: port, photos: photos, serviceGroup: serviceGroup, running: running
                )
            }
            throw Task.isCancelled ? CancellationError() : DemoServerError.stoppedBeforeListening
        } catch {
            photos.close()
            await serviceGroup.triggerGracefulShutdown()
            await running.value
            throw error
        }
    }

    /// Stops the server and returns once its port is closed and every connection is gone.
    ///
    /// This is a graceful shutdown: the server stops listening and closes idle connections;
    /// pending responses (latency, the slow entry, bandwidth-limited bodies) are abandoned at
    /// once, answered `500` or cut off, and their connections closed. Calling it again does
    /// nothing.
    package func stop() async {
        photos.close()
        await serviceGroup.triggerGracefulShutdown()
        await running.value
    }

    /// Renders every photo now, on all cores, instead of on first request.
    ///
    /// - Throws: `CancellationError` if the server stops meanwhile.
    package func prepareAllPhotos() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for key in catalog.photos.compactMap(PhotoStore.Key.init) {
                group.addTask { _ = try await self.photos.encodedPhoto(key) }
            }
            try await group.waitForAll()
        }
    }

    private static func baseURL(port: Int) -> URL {
        URL(string: "http://127.0.0.1:\(port)/")!
    }
}
