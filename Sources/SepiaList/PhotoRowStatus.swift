import Foundation
public import SepiaPipeline

/// What a row says about its photo, the same in every front end (the terminal list, the
/// desktop window): waiting, downloading (with the progress when known), filtering, done, or
/// why it failed.
public enum PhotoRowStatus: Sendable, Equatable {
    /// Nothing loads for the row yet.
    case waiting
    /// The row's download is in flight; its progress when one was reported.
    case downloading(DownloadProgress?)
    /// The original is there and its filter is running.
    case filtering
    /// The original is there; its filter has not started.
    case downloaded
    /// The filtered photo is there.
    case filtered
    /// The photo cannot be shown: "Failed to load: reason".
    case failed(String)

    /// The status of `record`, whose work is in progress when `isWorking`.
    public init(record: PhotoRecord, isWorking: Bool, progress: DownloadProgress?) {
        switch record.state {
        case .new: self = isWorking ? .downloading(progress) : .waiting
        case .downloaded: self = isWorking ? .filtering : .downloaded
        case .filtered: self = .filtered
        case .failed: self = .failed(record.failureText ?? "Failed to load")
        }
    }

    /// Whether the row is waiting on work in progress (a spinner's time).
    public var isWorking: Bool {
        switch self {
        case .downloading, .filtering: true
        case .waiting, .downloaded, .filtered, .failed: false
        }
    }

    /// Whether the photo cannot be shown ("Failed to load: reason").
    public var isFailed: Bool {
        if case .failed = self { return true }
        return false
    }

    /// The status in words, with the filter's name once done ("✓ sepia 0.8").
    public func text(filterName: String) -> String {
        switch self {
        case .waiting: "Waiting"
        case .downloading(let progress): "Downloading…" + Self.progressText(progress)
        case .filtering: "Filtering…"
        case .downloaded: "Downloaded, not filtered yet"
        case .filtered: "✓ \(filterName)"
        case .failed(let text): text
        }
    }

    /// " 45% of 1.2 MB", " 12 KB" when the size is unknown, "" without progress.
    private static func progressText(_ progress: DownloadProgress?) -> String {
        guard let progress else { return "" }
        let received = byteCount(progress.received)
        guard let fraction = progress.fraction, let expected = progress.expected else { return " \(received)" }
        return " \(Int((fraction * 100).rounded(.down)))% of \(byteCount(expected))"
    }

    /// A byte count for people: "512 B", "12 KB", "1.2 MB".
    public static func byteCount(_ bytes: Int) -> String {
        bytes < 1024
            ? "\(bytes) B"
            : bytes < 1 << 20
                ? "\(bytes / 1024) KB" : String(format: "%.1f MB", Double(bytes) / Double(1 << 20))
    }
}
