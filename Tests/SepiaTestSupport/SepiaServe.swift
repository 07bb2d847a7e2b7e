import Foundation

/// `sepia serve` running in the background, for a test or a benchmark that drives `sepia` as a
/// cluster would: started on a free loopback port, its manifest's address read from what it
/// prints, ended by ``stop()`` (or by its ``BackgroundProcess``'s lifetime).
package final class SepiaServe {
    /// The server's process.
    package let process: BackgroundProcess
    /// The address of its JSON manifest.
    package let jsonURL: String

    /// Starts `sepia serve` with `photos` good photos of `size` ("48x32") and no broken entries.
    ///
    /// - Throws: ``EndToEndError`` quoting the server when it does not print its addresses in 30 s.
    package init(sepia: String, photos: Int, size: String) throws {
        let process = try BackgroundProcess(
            sepia, ["serve", "--count", "\(photos)", "--photo-size", size, "--no-broken-entries"],
            environment: ProcessInfo.processInfo.environment)
        let printed = Polling.read(every: 0.05, for: 30, { process.output }, until: { $0.contains("JSON:") })
        guard printed.isDone, let line = printed.value.split(separator: "\n").first(where: { $0.hasPrefix("JSON:") }) else {
            process.stop()
            throw EndToEndError("sepia serve did not start: \(process.output) \(process.log)")
        }
        self.process = process
        jsonURL = line.dropFirst("JSON:".count).trimmingCharacters(in: .whitespaces)
    }

    /// Ends the server.
    package func stop() {
        process.stop()
    }
}
