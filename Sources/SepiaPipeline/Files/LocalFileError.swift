import Foundation

/// Why ``LocalFile`` could not read or write a file.
enum LocalFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file holds more bytes than the caller accepts.
    case tooLarge(size: Int, limit: Int)
    /// A system call failed with this `errno`.
    case system(Int32)
    /// The path names something other than a regular file, where only one will do.
    case notRegularFile(FileKind)

    /// The system's own words, such as "No such file or directory".
    var description: String {
        switch self {
        case .tooLarge(let size, let limit): "the file has \(size) bytes, more than the limit of \(limit)"
        case .system(let code): String(cString: strerror(code))
        case .notRegularFile(let kind): "it is \(kind), not a regular file"
        }
    }
}
