import SepiaDemoServer
import SepiaImaging

extension DemoServerConfiguration {
    /// A configuration that keeps debug-build tests fast: 14 tiny photos (two of them PNGs)
    /// and a slow entry that never answers while a test runs.
    static func small(
        photoCount: Int = 14,
        latency: Duration = .zero,
        bandwidth: Int? = nil,
        failureRate: Double = 0
    ) -> DemoServerConfiguration {
        DemoServerConfiguration(
            photoCount: photoCount,
            photoSize: PixelSize(width: 48, height: 32),
            latency: latency,
            bandwidth: bandwidth,
            failureRate: failureRate,
            slowDelay: .seconds(600)
        )
    }
}
