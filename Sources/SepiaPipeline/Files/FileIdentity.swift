import Glibc

/// Which file a path named at one moment: its device and inode, size and modification time.
/// Two reads of a path that was replaced in between (renamed over) see different identities,
/// even if the new file reuses the old one's inode number.
struct FileIdentity: Sendable, Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int
    let isRegularFile: Bool

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int(status.st_size)
        modifiedSeconds = Int(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
        isRegularFile = status.st_mode & S_IFMT == S_IFREG
    }
}
