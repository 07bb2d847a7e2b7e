import Foundation
import Glibc

/// Whole-file reads and writes with plain POSIX calls.
///
/// On Linux, Foundation's `attributesOfItem`, `Data(contentsOf:)` and `Data.write(to:)` cost
/// a dozen system calls per file: the owner's and group's names are looked up in /etc/passwd
/// and /etc/group, extended attributes are listed, and every write ends with an `fsync`. For
/// `sepia process` over small photos that cost more than the photos' own file I/O. Here a read
/// is open, fstat, read, close, and a write is open, write, link, close.
enum LocalFile {
    /// The bytes of the file at `path`: a regular file, or anything else that can be read to
    /// its end (a pipe such as the `/dev/fd/63` of a shell's `<(…)`, a file in /proc).
    ///
    /// - Throws: ``LocalFileError/tooLarge(size:limit:)`` for more than `limit` bytes (before
    ///   reading a regular file), ``LocalFileError/system(_:)`` when it cannot be opened or
    ///   read (missing, a folder, no permission…).
    static func read(_ path: LocalPath, limit: Int) throws(LocalFileError) -> Data {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw .system(errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(errno) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw .system(EISDIR) }
        let size = Int(status.st_size)
        guard status.st_mode & S_IFMT == S_IFREG, size > 0 else {
            return try readToEnd(descriptor, limit: limit)
        }
        guard size <= limit else { throw .tooLarge(size: size, limit: limit) }
        return try readSized(descriptor, size: size)
    }

    /// The bytes of the regular file at `path`, for photos: anything else (a FIFO, a terminal,
    /// a device such as /dev/zero, a folder) is refused before a byte is read, since reading
    /// it could block forever or never end. The file is opened without blocking, so a FIFO
    /// without a writer cannot hold the caller either.
    ///
    /// - Throws: ``LocalFileError/notRegularFile(_:)``, ``LocalFileError/tooLarge(size:limit:)``
    ///   or ``LocalFileError/system(_:)``.
    /// - Returns: the bytes, and the identity of the file they came from.
    static func readRegularFile(_ path: LocalPath, limit: Int) throws(LocalFileError) -> (data: Data, identity: FileIdentity) {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { throw .system(errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(FileKind(mode: status.st_mode)) }
        let size = Int(status.st_size)
        guard size <= limit else { throw .tooLarge(size: size, limit: limit) }
        return (try readSized(descriptor, size: size), FileIdentity(status))
    }

    /// The same read for a UTF-8 path (the disk cache's own files).
    static func readRegularFile(_ path: String, limit: Int) throws(LocalFileError) -> (data: Data, identity: FileIdentity) {
        try readRegularFile(LocalPath(path), limit: limit)
    }

    /// The identity of the entry at `path` (not following a symbolic link), nil when there is none.
    static func identity(_ path: String) -> FileIdentity? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return FileIdentity(status)
    }

    /// Reads the `size` bytes `fstat` gave, or fewer when the file shrank since. Into memory
    /// that is not zeroed first: `Data(count:)` zeroed every byte the read then overwrote, 11 MB
    /// for a batch of 200 small photos.
    private static func readSized(_ descriptor: Int32, size: Int) throws(LocalFileError) -> Data {
        guard let buffer = malloc(max(size, 1)) else { throw .system(ENOMEM) }
        var data = Data(bytesNoCopy: buffer, count: size, deallocator: .free)
        let (count, failure) = data.withUnsafeMutableBytes { read(descriptor, into: $0) }
        if let failure { throw .system(failure) }
        if count < size { data.count = count }
        return data
    }

    /// Reads a descriptor whose size is not known in advance, up to `limit` bytes.
    private static func readToEnd(_ descriptor: Int32, limit: Int) throws(LocalFileError) -> Data {
        var data = Data()
        var chunk = Data(count: 64 << 10)
        while true {
            let (count, failure) = chunk.withUnsafeMutableBytes { read(descriptor, into: $0, once: true) }
            if let failure { throw .system(failure) }
            if count == 0 { return data }
            guard data.count + count <= limit else { throw .tooLarge(size: data.count + count, limit: limit) }
            data.append(chunk.prefix(count))
        }
    }

    /// Fills `buffer` from `descriptor` until it is full or the end is reached (or, with
    /// `once`, after the first read that returns something); retries on `EINTR`. Returns the
    /// bytes read and the `errno` of a failed read.
    private static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, once: Bool = false) -> (Int, Int32?) {
        var filled = 0
        while filled < buffer.count {
            let got = Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if got > 0 {
                filled += got
                if once { break }
            } else if got == 0 {
                break
            } else if errno != EINTR {
                return (filled, errno)
            }
        }
        return (filled, nil)
    }

    /// What `lstat` says of the entry at `path`: whether it is a regular file, its size and its
    /// modification time; nil when there is none. (`FileManager.attributesOfItem` also looks
    /// the owner and group up by name, reading /etc/passwd and /etc/group each time.)
    static func status(_ path: String) -> (isRegularFile: Bool, size: Int, modified: Date)? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        let modified = Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec) + TimeInterval(status.st_mtim.tv_nsec) / 1e9)
        return (status.st_mode & S_IFMT == S_IFREG, Int(status.st_size), modified)
    }

    /// Whether there is an entry at `path`, following symbolic links (as `access` does).
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Sets the modification time of `path` to now; false when there is no such file.
    static func touch(_ path: String) -> Bool {
        utimensat(AT_FDCWD, path, nil, 0) == 0
    }

    /// Removes the file (or empty folder) at `path`, if there is one.
    static func remove(_ path: String) {
        _ = Glibc.remove(path)
    }

    /// Writes `bytes` to a new file at `path`, which must not exist yet (readable by all,
    /// as far as the umask allows). A partly written file is removed.
    static func create(_ path: String, contents bytes: some ContiguousBytes) throws(LocalFileError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw .system(errno) }
        let failure = writeAll(bytes, to: descriptor)
        let closeFailure = close(descriptor) == 0 ? nil : errno
        if let code = failure ?? closeFailure {
            unlink(path)
            throw .system(code)
        }
    }

    /// Writes all of `bytes` to `descriptor`; the error number when that failed.
    private static func writeAll(_ bytes: some ContiguousBytes, to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            var written = 0
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count > 0 {
                    written += count
                } else if count == 0 {
                    return EIO
                } else if errno != EINTR {
                    return errno
                }
            }
            return nil
        }
    }

    /// Writes `bytes` to `file` so that it appears whole or not at all, never half written,
    /// replacing any file of that name. It is not flushed to the disk (no `fsync`): after a
    /// power cut the newest files may be empty, which a re-run replaces.
    ///
    /// The bytes go into an unnamed file in the folder (`O_TMPFILE`), which is then linked under
    /// the name: one directory entry made, where a temporary file costs an entry, a rename and
    /// a removal, and nothing is left behind if the process dies. Where the name is taken, the
    /// unnamed file is linked under a temporary name and renamed over it; where the file system
    /// has no unnamed files (or /proc is missing), a temporary file is written and renamed.
    static func writeAtomically(_ bytes: some ContiguousBytes, to file: URL) throws(LocalFileError) {
        let path = file.path
        // Built from the path's text: `URL`'s own path operations cost more than the syscalls.
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "./"
        if try writeUnnamed(bytes, in: folder, linkingAs: path) { return }
        let temporary = temporaryPath(in: folder)
        try create(temporary, contents: bytes)
        try rename(temporary, over: path)
    }

    /// `__O_TMPFILE | O_DIRECTORY`, which Swift does not import (a macro of macros):
    /// `__O_TMPFILE` is 020000000 in Linux's asm-generic/fcntl.h, for x86-64 and arm64 alike.
    private static let unnamedFileFlag = 0o20000000 | O_DIRECTORY

    /// Writes `bytes` to an unnamed file in `folder` and links it as `path`; false when this
    /// file system or process cannot make or link unnamed files (no file is left then).
    private static func writeUnnamed(_ bytes: some ContiguousBytes, in folder: String, linkingAs path: String)
        throws(LocalFileError) -> Bool
    {
        let descriptor = open(folder, unnamedFileFlag | O_WRONLY | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            if errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL { return false }
            throw .system(errno)
        }
        defer { close(descriptor) }
        if let code = writeAll(bytes, to: descriptor) { throw .system(code) }
        let handle = "/proc/self/fd/\(descriptor)"
        if linkat(AT_FDCWD, handle, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 { return true }
        guard errno == EEXIST else {
            if errno == ENOENT && !exists(handle) { return false }
            throw .system(errno)
        }
        let temporary = temporaryPath(in: folder)
        guard linkat(AT_FDCWD, handle, AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) == 0 else { throw .system(errno) }
        try rename(temporary, over: path)
        return true
    }

    /// A new temporary file's path in `folder` (which ends in "/"): not named after the file,
    /// for a name near the 255-byte limit would leave no room.
    private static func temporaryPath(in folder: String) -> String {
        "\(folder).\(randomName())\(temporarySuffix)"
    }

    /// Renames `temporary` over `path`, removing `temporary` when that fails.
    private static func rename(_ temporary: String, over path: String) throws(LocalFileError) {
        guard Glibc.rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .system(code)
        }
    }

    /// The end of the names of ``writeAtomically(_:to:)``'s temporary files.
    private static let temporarySuffix = ".partial"

    /// Whether `name` is that of a temporary file of ``writeAtomically(_:to:)``: a dot, 32
    /// lowercase hexadecimal digits and ".partial" (see ``AbandonedTemporaryFiles``).
    static func isTemporaryName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count == 1 + 32 + temporarySuffix.utf8.count, bytes[0] == UInt8(ascii: "."),
            name.hasSuffix(temporarySuffix)
        else { return false }
        return bytes[1...32].allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// 128 random bits in hexadecimal, from `getrandom` (one system call; `UUID()` opens, reads
    /// and closes /dev/urandom). `create` refuses an existing name, so a repeat cannot clobber.
    private static func randomName() -> String {
        var generator = SystemRandomNumberGenerator()
        return (generator.next() as UInt64).hexDigits + (generator.next() as UInt64).hexDigits
    }
}
