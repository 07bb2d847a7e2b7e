package import Foundation

/// Screenshots kept for a person to look at, in the folder the environment variable
/// `SEPIA_SCREENSHOTS` names (nothing is kept when it is not set), and waiting for a screenshot
/// that shows something, which keeps the last one when the wait fails.
package enum ScreenshotFolder {
    /// The environment variable naming the folder for screenshots.
    package static let variable = "SEPIA_SCREENSHOTS"

    /// Writes `image` to `<folder>/<name>.png` when the variable names a folder (made if
    /// missing); returns the file, or nil when the variable is not set.
    @discardableResult
    package static func save(_ image: RGBImage, as name: String) throws -> URL? {
        guard let folder = ProcessInfo.processInfo.environment[variable], !folder.isEmpty else { return nil }
        let url = URL(fileURLWithPath: folder, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let file = url.appendingPathComponent("\(name).png")
        try image.writePNG(to: file)
        return file
    }

    /// Takes screenshots with `screenshot` every `interval` seconds until `isDone` accepts one,
    /// and returns it.
    ///
    /// - Throws: ``WaitTimeout`` naming `description` when `timeout` passes first; the last
    ///   screenshot is saved as `<prefix>-timeout-<description>`.
    package static func wait(
        for description: String, every interval: TimeInterval, timeout: TimeInterval, prefix: String,
        _ screenshot: () throws -> RGBImage, until isDone: (RGBImage) throws -> Bool
    ) throws -> RGBImage {
        let result = try Polling.read(every: interval, for: timeout, screenshot, until: isDone)
        guard result.isDone else {
            let name = description.filter { $0.isLetter || $0.isNumber || $0 == " " }.replacingOccurrences(of: " ", with: "-")
            _ = try? save(result.value, as: "\(prefix)-timeout-\(name)")
            throw WaitTimeout(waitingUntil: description, seconds: timeout)
        }
        return result.value
    }
}
