import Foundation
public import SepiaImaging
import SepiaOperations

/// Why a photo could not be had: every failure of the pipeline, typed. Its description is the
/// root cause as a row shows it after "Failed to load: ", such as "HTTP 404 Not Found".
public enum PhotoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The work was cancelled before it finished (the caller's task, or every caller of
    /// shared work, gave up on it).
    case cancelled
    /// The manifest entry names no place a photo can be fetched from.
    case invalidLocation(String)
    /// The bytes could not be downloaded.
    case download(HTTPLoadError)
    /// A local photo could not be read: the path and the reason.
    case unreadableFile(path: String, reason: String)
    /// The bytes are not an image Sepia can decode, or it is damaged or too large.
    case decoding(ImageDecodingError)
    /// A step failed for another reason (a custom loader's or step's own error).
    case processing(String)
    /// The result could not be encoded or written.
    case saving(String)

    /// The error that ended a chain of operations: a failed input is reported by its root
    /// cause, a cancelled input as ``cancelled``, and an error that is not a `PhotoError` as
    /// ``processing(_:)`` with its description.
    public init(_ error: any Error) {
        switch error {
        case let error as PhotoError: self = error
        case DependencyError.inputCancelled: self = .cancelled
        case DependencyError.inputFailed(let cause): self.init(cause)
        case let error as HTTPLoadError: self.init(downloading: error)
        case let error as ImageDecodingError: self = .decoding(error)
        default: self = .processing(String(describing: error))
        }
    }

    /// A download's failure; a cancelled download is ``cancelled``.
    public init(downloading error: HTTPLoadError) {
        self = error == .cancelled ? .cancelled : .download(error)
    }

    /// Whether this is ``cancelled``.
    public var isCancelled: Bool { self == .cancelled }

    public var description: String {
        switch self {
        case .cancelled: "cancelled"
        case .invalidLocation(let reason): reason
        case .download(let error): error.description
        case .unreadableFile(let path, let reason): "cannot read \(path): \(reason)"
        case .decoding(let error): error.description
        case .processing(let reason): reason
        case .saving(let reason): reason
        }
    }
}

extension Result where Failure == PhotoError {
    /// Whether the task ended because it was cancelled.
    public var isCancelled: Bool {
        if case .failure(.cancelled) = self { return true }
        return false
    }

    /// The result of the last operation of a chain (see ``PhotoError/init(_:)``).
    init(_ result: OperationResult<Success>) {
        switch result {
        case .success(let value): self = .success(value)
        case .cancelled: self = .failure(.cancelled)
        case .failure(let error): self = .failure(PhotoError(error))
        }
    }
}
