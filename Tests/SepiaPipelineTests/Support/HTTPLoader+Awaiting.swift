import Foundation
import SepiaPipeline

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

/// Runs a Debian tool to make a test file; a missing tool or a failure is a test failure
/// with the tool's own words.
enum DebianTool {
    /// Runs `/bin/sh -c script` with `input` on its standard input and returns what it wrote
    /// to standard output.
    static func run(_ script: String, input: Data? = nil) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        if let input {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-tool-input-\(UUID().uuidString)")
            try input.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            process.standardInput = try FileHandle(forReadingFrom: file)
        }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw DebianToolError(script: script, message: String(decoding: message, as: UTF8.self))
        }
        return data
    }
}

/// A tool run by ``DebianTool`` that failed or is missing.
struct DebianToolError: Error, CustomStringConvertible {
    let script: String
    let message: String
    var description: String { "`\(script)` failed (is its Debian package installed? see scripts/install-deps): \(message)" }
}
