package import SepiaImaging

/// Everything that shapes a `DemoPhotoServer`: what it serves and how badly it behaves.
///
/// The defaults match the ClassicPhotos demo: 500 photo-like images of 1024 × 768, answered
/// at full loopback speed with no failures. Tests shrink `photoSize` and `photoCount` so a
/// debug build stays fast, and turn the other knobs to simulate a poor network.
package struct DemoServerConfiguration: Sendable {
    /// The TCP port on 127.0.0.1; 0 (the default) lets the system pick a free one.
    package var port: Int
    /// How many good photos the catalog lists (the broken entries come on top).
    package var photoCount: Int
    /// The pixel size of every generated photo.
    package var photoSize: PixelSize
    /// The JPEG quality (1–100) of the JPEG photos.
    package var jpegQuality: Int
    /// Whether the catalog includes the deliberately broken entries (one of each
    /// `DemoCatalog.Entry.Kind` other than `.photo`).
    package var includesBrokenEntries: Bool
    /// The seed of everything generated: photo scenes, names and failure decisions.
    package var seed: UInt64
    /// Time added before answering every request.
    package var latency: Duration
    /// The body rate of each response in bytes per second, or nil for no limit. Bodies are
    /// then sent in small chunks with pauses, so the client sees a slow, steady stream.
    /// HTTP/1.1 sends one response at a time per connection, so this is also the rate of
    /// each connection.
    package var bandwidth: Int?
    /// The fraction (0…1) of photo requests answered `503 Service Unavailable`. Each
    /// decision is drawn from `seed`, the photo and how many times that photo was asked for,
    /// so a retry can succeed and a run repeats exactly.
    package var failureRate: Double
    /// The `Retry-After` value, in seconds, sent with each injected 503, or nil for none.
    package var retryAfterSeconds: Int?
    /// How long the `.slow` entry waits before it answers.
    package var slowDelay: Duration
    /// The most bytes per second the `.progressive` entry is sent at (less when `bandwidth` is
    /// lower): slow enough for its first scans to show as a preview.
    package var progressiveBandwidth: Int
    /// Called with one line per request (method, path, status), or nil for silence.
    package var requestLogger: (@Sendable (String) -> Void)?

    /// Makes a configuration; every parameter has the demo's default.
    package init(
        port: Int = 0,
        photoCount: Int = 500,
        photoSize: PixelSize = PixelSize(width: 1024, height: 768),
        jpegQuality: Int = 85,
        includesBrokenEntries: Bool = true,
        seed: UInt64 = 1,
        latency: Duration = .zero,
        bandwidth: Int? = nil,
        failureRate: Double = 0,
        retryAfterSeconds: Int? = 0,
        slowDelay: Duration = .seconds(60),
        progressiveBandwidth: Int = 40_000,
        requestLogger: (@Sendable (String) -> Void)? = nil
    ) {
        self.port = port
        self.photoCount = photoCount
        self.photoSize = photoSize
        self.jpegQuality = jpegQuality
        self.includesBrokenEntries = includesBrokenEntries
        self.seed = seed
        self.latency = latency
        self.bandwidth = bandwidth
        self.failureRate = failureRate
        self.retryAfterSeconds = retryAfterSeconds
        self.slowDelay = slowDelay
        self.progressiveBandwidth = progressiveBandwidth
        self.requestLogger = requestLogger
    }
}
