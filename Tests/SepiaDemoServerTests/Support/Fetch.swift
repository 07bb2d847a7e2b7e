import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A whole HTTP response, as the tests look at it.
struct FetchedResponse {
    var status: Int
    var contentType: String?
    var retryAfter: String?
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Downloads `url` with AsyncHTTPClient's shared client and collects the whole body.
///
/// - Parameter timeout: for the whole exchange; generous by default, the machine may be loaded.
func fetch(_ url: URL, timeout: Duration = .seconds(60)) async throws -> FetchedResponse {
    let response = try await HTTPClient.shared.execute(
        HTTPClientRequest(url: url.absoluteString),
        timeout: .nanoseconds(timeout.nanoseconds)
    )
    let body = try await response.body.collect(upTo: 64 << 20)
    return FetchedResponse(
        status: Int(response.status.code),
        contentType: response.headers.first(name: "Content-Type"),
        retryAfter: response.headers.first(name: "Retry-After"),
        body: Array(body.readableBytesView)
    )
}

extension Duration {
    /// The duration in whole nanoseconds.
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }

    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
