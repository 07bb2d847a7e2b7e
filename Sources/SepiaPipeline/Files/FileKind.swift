import Glibc

/// What kind of file system entry a path names, in words for an error message.
enum FileKind: Sendable, Equatable, CustomStringConvertible {
    case regularFile, folder, fifo, characterDevice, blockDevice, socket, symbolicLink, unknown

    /// The kind that `stat`'s `st_mode` gives.
    init(mode: mode_t) {
        self =
            switch mode & S_IFMT {
            case S_IFREG: .regularFile
            case S_IFDIR: .folder
            case S_IFIFO: .fifo
            case S_IFCHR: .characterDevice
            case S_IFBLK: .blockDevice
            case S_IFSOCK: .socket
            case S_IFLNK: .symbolicLink
            default: .unknown
            }
    }

    var description: String {
        switch self {
        case .regularFile: "a regular file"
        case .folder: "a folder"
        case .fifo: "a FIFO (named pipe)"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .symbolicLink: "a symbolic link"
        case .unknown: "an entry of unknown kind"
        }
    }
}
