public import Foundation

/// What became of one photo of a batch.
public struct BatchOutcome: Sendable, Equatable {
    /// How the photo ended.
    public enum State: Sendable, Equatable {
        /// The processed photo was written to the file.
        case written(URL)
        /// The file was already there from an earlier run; nothing was done.
        case skipped(URL)
        /// The photo failed; the error's description is what a user reads.
        case failed(PhotoError)
        /// The batch was cancelled before the photo was done.
        case cancelled
    }

    /// The photo's row in the manifest (its index in the batch's entries).
    public let row: Int
    /// The photo's name from the manifest.
    public let name: String
    /// How it ended.
    public let state: State
    /// Bytes of body that came over the network for it (0 for a cache hit, a 304, a local
    /// file, or a row that shares the download of an earlier row with the same location).
    public let bytesDownloaded: Int
    /// How long its work took, from the start of its download to its file's rename (zero for
    /// a row that was skipped or never started).
    public let duration: Duration

    /// The outcome of `row`.
    public init(row: Int, name: String, state: State, bytesDownloaded: Int = 0, duration: Duration = .zero) {
        self.row = row
        self.name = name
        self.state = state
        self.bytesDownloaded = bytesDownloaded
        self.duration = duration
    }

    /// Whether the photo's file exists now (written or already there).
    public var isDone: Bool {
        switch state {
        case .written, .skipped: true
        case .failed, .cancelled: false
        }
    }
}
