import Foundation
import SepiaPipeline

/// The summary printed at the end of `sepia process`, as text or JSON.
struct BatchReport: Encodable {
    /// One photo's line of the report.
    struct Photo: Encodable {
        let name: String
        let status: String
        let file: String?
        let reason: String?
    }

    let total: Int
    let written: Int
    let skipped: Int
    let failed: Int
    let cancelled: Int
    let seconds: Double
    let megapixels: Double
    let bytesDownloaded: Int
    let photos: [Photo]

    init(outcomes: [BatchOutcome], progress: BatchProgress, seconds: Double) {
        photos = outcomes.map { outcome in
            switch outcome.state {
            case .written(let file): Photo(name: outcome.name, status: "written", file: file.path, reason: nil)
            case .skipped(let file): Photo(name: outcome.name, status: "skipped", file: file.path, reason: nil)
            case .failed(let reason): Photo(name: outcome.name, status: "failed", file: nil, reason: reason)
            case .cancelled: Photo(name: outcome.name, status: "cancelled", file: nil, reason: nil)
            }
        }
        total = outcomes.count
        written = photos.count { $0.status == "written" }
        skipped = photos.count { $0.status == "skipped" }
        failed = photos.count { $0.status == "failed" }
        cancelled = photos.count { $0.status == "cancelled" }
        self.seconds = seconds
        megapixels = progress.megapixels
        bytesDownloaded = progress.bytesDownloaded
    }

    /// Whether every photo's file exists.
    var allDone: Bool { written + skipped == total }

    /// The report as pretty-printed JSON.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// The report as text: totals, then each failure with its reason.
    func printText() {
        let rate = seconds > 0 ? Double(written) / seconds : 0
        print("\(written) written, \(skipped) already there, \(failed) failed, \(cancelled) cancelled "
            + "of \(total) photos in \(String(format: "%.1f", seconds)) s "
            + "(\(String(format: "%.1f", rate)) photos/s, \(String(format: "%.1f", megapixels)) MP, "
            + "\(bytesDownloaded / 1024) KB downloaded)")
        for photo in photos where photo.status == "failed" {
            print("  Failed to load \(photo.name): \(photo.reason ?? "unknown reason")")
        }
    }
}
