/// A file or folder that a folder source passed over, and why.
public struct SkippedFile: Sendable, Hashable, CustomStringConvertible {
    /// Why an entry of a folder is not a row.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// A regular file whose first bytes are no image format Sepia decodes.
        case notAnImage
        /// A folder that was not descended into, because the scan is not recursive.
        case subfolder
        /// A symbolic link to nothing.
        case brokenLink
        /// A folder already listed (a symbolic link loop, or two links to one folder).
        case alreadyListed
        /// Something that is neither a file nor a folder: a FIFO, a device or a socket.
        case specialFile
        /// A folder that could not be listed, in the system's words ("Permission denied").
        case unreadableFolder(String)

        /// A few words for a summary line.
        public var description: String {
            switch self {
            case .notAnImage: "not an image"
            case .subfolder: "a subfolder (--recursive descends into it)"
            case .brokenLink: "a broken symbolic link"
            case .alreadyListed: "a folder already listed (a symbolic link loop?)"
            case .specialFile: "neither a file nor a folder"
            case .unreadableFolder(let reason): "an unreadable folder: \(reason)"
            }
        }
    }

    /// The entry's path, relative to the folder given (or prefixed by it when several were).
    public let path: String
    /// Why it is not a row.
    public let reason: Reason

    /// Makes a record of a skipped entry.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// "path: reason".
    public var description: String { "\(path): \(reason)" }
}
