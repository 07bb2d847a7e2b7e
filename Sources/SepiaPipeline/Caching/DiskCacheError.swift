public import Foundation

/// Why `DiskCache` could not prepare its directory or write an entry.
public struct DiskCacheError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// What the cache was doing.
    public enum Operation: Sendable, Equatable {
        /// Creating the cache directory.
        case createDirectory
        /// Writing an entry's file.
        case write
    }

    /// What the cache was doing.
    public let operation: Operation
    /// The directory or file concerned.
    public let path: String
    /// The system's explanation, such as "Not a directory" or "No space left on device".
    public let reason: String

    /// Makes an error about `path`.
    public init(_ operation: Operation, path: String, reason: String) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    /// Makes an error about `path` from the error Foundation or the system reported.
    init(_ operation: Operation, path: String, underlying error: any Error) {
        self.init(operation, path: path, reason: Self.reason(for: error))
    }

    /// A sentence for logs, such as "Cannot create the cache directory /dev/null/x: Not a directory."
    public var description: String {
        switch operation {
        case .createDirectory: "Cannot create the cache directory \(path): \(reason)."
        case .write: "Cannot write the cache file \(path): \(reason)."
        }
    }

    /// The same sentence as `description`, for Foundation's `localizedDescription`.
    public var errorDescription: String? { description }

    /// The system's own words for a failed file operation: Foundation's messages on Linux only
    /// say "The operation could not be completed", so the POSIX error underneath is preferred.
    static func reason(for error: any Error) -> String {
        if let posix = error as? POSIXError ?? (error as? CocoaError)?.underlying as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return error.localizedDescription
    }
}
