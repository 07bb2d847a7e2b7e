import Glibc
import SepiaImaging

/// Lists the photos of a folder, in natural order of their relative paths.
///
/// A file is a photo when its first bytes are an image format Sepia decodes, whatever its
/// name; other files are counted as skipped. Hidden entries (names starting with ".") are
/// passed over silently, as file managers do. Symbolic links are followed, but no folder is
/// listed twice, so a link loop ends. A file that cannot be opened is kept as a row: loading
/// it fails with the system's reason, shown on that row. A batch's output folder inside the
/// folder is left out silently. Names are bytes, as the kernel gives them: a name that is not
/// UTF-8 is opened by its own bytes and shown with U+FFFD (``LocalPath``).
struct FolderScan {
    /// A photo found: where it is, and its path relative to the folder scanned, for people.
    struct Photo {
        let path: LocalPath
        let relativePath: String
    }

    /// How many leading bytes are read to recognise a photo: enough for every magic number,
    /// an ISO media "ftyp" box with its brands included.
    static let sniffedByteCount = 64

    private(set) var photos: [Photo] = []
    private(set) var skipped: [SkippedFile] = []
    private let recursive: Bool
    private let excludedFolder: FolderIdentity?
    private var listedFolders: Set<FolderIdentity> = []

    /// Lists `folder` (descending into subfolders when `recursive`), leaving out the folder at
    /// `excluding` (a batch's output folder) if it lies inside.
    ///
    /// - Throws: ``LocalFileError`` when `folder` itself cannot be listed.
    init(folder: LocalPath, recursive: Bool, excluding excludedPath: String? = nil) throws(LocalFileError) {
        self.recursive = recursive
        excludedFolder = excludedPath.flatMap { FolderIdentity(path: LocalPath($0)) }
        guard let root = FolderIdentity(path: folder) else { throw .system(errno == 0 ? ENOTDIR : errno) }
        listedFolders.insert(root)
        try list(folder, relativePath: "")
        // Names that read the same (bytes that are not UTF-8 all show as U+FFFD) are ordered by
        // their bytes, so that each keeps its place, and its " (2)", from run to run.
        photos.sort {
            $0.relativePath == $1.relativePath
                ? $0.path.bytes.lexicographicallyPrecedes($1.path.bytes) : NaturalSortKey.orders($0.relativePath, before: $1.relativePath)
        }
    }

    private mutating func list(_ folder: LocalPath, relativePath: String) throws(LocalFileError) {
        for name in try Self.entryNames(of: folder) where name.first != UInt8(ascii: ".") {
            let readableName = String(decoding: name, as: UTF8.self)
            visit(folder.appending(name), relativePath: relativePath.isEmpty ? readableName : relativePath + "/" + readableName)
        }
    }

    private mutating func visit(_ path: LocalPath, relativePath: String) {
        var status = stat()
        guard path.withCString({ stat($0, &status) }) == 0 else {
            // The entry was listed, so only a symbolic link can fail here: to nothing, or in a loop.
            skipped.append(SkippedFile(path: relativePath, reason: .brokenLink))
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            if Self.mayBePhoto(path) {
                photos.append(Photo(path: path, relativePath: relativePath))
            } else {
                skipped.append(SkippedFile(path: relativePath, reason: .notAnImage))
            }
        case S_IFDIR:
            let identity = FolderIdentity(status)
            if identity == excludedFolder {
                return  // the batch's own output, not one of the user's folders
            } else if !recursive {
                skipped.append(SkippedFile(path: relativePath, reason: .subfolder))
            } else if !listedFolders.insert(identity).inserted {
                skipped.append(SkippedFile(path: relativePath, reason: .alreadyListed))
            } else {
                do throws(LocalFileError) {
                    try list(path, relativePath: relativePath)
                } catch {
                    skipped.append(SkippedFile(path: relativePath, reason: .unreadableFolder(error.description)))
                }
            }
        default:
            skipped.append(SkippedFile(path: relativePath, reason: .specialFile))
        }
    }

    /// Whether the regular file at `path` starts like an image, damaged ones included
    /// (`ImageFormat.init(claimedBy:)`: their rows fail with the image's reason), or cannot be
    /// opened at all (then its row says why).
    static func mayBePhoto(_ path: LocalPath) -> Bool {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        var prefix = [UInt8](repeating: 0, count: sniffedByteCount)
        var count = 0
        repeat {
            count = prefix.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        } while count < 0 && errno == EINTR
        guard count >= 0 else { return true }
        return ImageFormat(claimedBy: prefix.prefix(count)) != nil
    }

    /// The names in `folder`, as bytes, sorted so that the scan meets them in the same order
    /// every time.
    private static func entryNames(of folder: LocalPath) throws(LocalFileError) -> [[UInt8]] {
        guard let directory = folder.withCString({ opendir($0) }) else { throw .system(errno) }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix(while: { $0 != 0 })) }
            if name != Array(".".utf8) && name != Array("..".utf8) { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }
}

/// A folder's device and inode: which folder a path leads to, whatever links it goes through.
struct FolderIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    /// The identity of the folder at `path` (following links); nil when there is none.
    init?(path: LocalPath) {
        var status = stat()
        errno = 0
        guard path.withCString({ stat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        self.init(status)
    }
}
