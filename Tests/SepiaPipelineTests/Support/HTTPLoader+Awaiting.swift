import Foundation
import SepiaPipeline
import SepiaTestSupport

extension HTTPLoader {
    /// Downloads `url` and waits for the result (tests only).
    func result(
        _ url: URL, revalidating cached: HTTPCacheHeaders? = nil, limit: Int? = nil,
        progress: (@Sendable (Int, Int?) -> Void)? = nil
    ) async -> Result<HTTPResource, HTTPLoadError> {
        await withCheckedContinuation { continuation in
            _ = load(url, revalidating: cached, limit: limit, progress: progress) { continuation.resume(returning: $0) }
        }
    }

    /// Downloads `url` and returns the body, failing the test's `throw` on any other outcome.
    func body(_ url: URL, limit: Int? = nil, progress: (@Sendable (Int, Int?) -> Void)? = nil) async throws -> Data {
        guard case .modified(let body, _) = try await result(url, limit: limit, progress: progress).get() else {
            throw HTTPLoadError.connection("a 304 to a plain request")
        }
        return body
    }
}

extension DebianTool {
    /// Runs `/bin/sh -c script` (pipelines of coreutils, gzip, ImageMagick or python3) with
    /// `input` on its standard input and returns what it wrote to standard output.
    static func shell(_ script: String, input: Data? = nil) throws -> Data {
        try run("/bin/sh", ["-c", script], input: input, package: "coreutils, gzip, imagemagick or python3")
    }
}
