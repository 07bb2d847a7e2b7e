import Foundation

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

    /// Whether the photo's file exists now (written or already there).
    public var isDone: Bool {
        switch state {
        case .written, .skipped: true
        case .failed, .cancelled: false
        }
    }
}
