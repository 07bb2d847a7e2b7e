import Foundation
import Glibc

/// A local path given as a source: a folder of photos, one photo, or a manifest file.
enum LocalSource {
    /// The rows that `file` gives: a folder's photos (named by their paths relative to it), the
    /// photo itself (named by its file name), or a manifest's rows.
    ///
    /// - Parameters:
    ///   - given: the location as the user wrote it, for names and messages; a `file:` URL is
    ///     shown as its path (which may hold bytes that are not UTF-8, escaped in the URL).
    ///   - addsFolderName: whether a folder's rows are named with `given` in front.
    static func read(
        _ file: URL, named given: String, addsFolderName: Bool, recursive: Bool, excluding excludedFolder: String?
    ) -> Result<PhotoCollection, PhotoSourceError> {
        guard let path = LocalPath(fileURL: file) else { return .failure(.unsupportedLocation(given)) }
        let shown = given.lowercased().hasPrefix("file:") ? path.readable : given
        var status = stat()
        guard path.withCString({ stat($0, &status) }) == 0 else {
            return .failure(.unreadableFile(path.readable, String(cString: strerror(errno))))
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            return folder(path, named: shown, addsFolderName: addsFolderName, recursive: recursive, excluding: excludedFolder)
        }
        if status.st_mode & S_IFMT == S_IFREG, FolderScan.mayBePhoto(path) {
            // Named by its file name, as a folder's photos are: `sepia process ~/Pictures/*.jpg`
            // writes `a.jpg`'s photo as `a.jpg`, not under its whole path.
            let fileName = shown[(shown.lastIndex(of: "/").map(shown.index(after:)) ?? shown.startIndex)...]
            return .success(PhotoCollection(entries: [PhotoEntry(name: String(fileName), location: .file(file))]))
        }
        return manifest(path, origin: file)
    }

    private static func folder(
        _ path: LocalPath, named given: String, addsFolderName: Bool, recursive: Bool, excluding excludedFolder: String?
    ) -> Result<PhotoCollection, PhotoSourceError> {
        let scan: FolderScan
        do throws(LocalFileError) {
            scan = try FolderScan(folder: path, recursive: recursive, excluding: excludedFolder)
        } catch {
            return .failure(.unreadableFile(path.readable, error.description))
        }
        var prefix = addsFolderName ? given : ""
        while prefix.count > 1 && prefix.hasSuffix("/") { prefix.removeLast() }
        func named(_ relativePath: String) -> String {
            prefix.isEmpty ? relativePath : prefix.hasSuffix("/") ? prefix + relativePath : prefix + "/" + relativePath
        }
        let entries = scan.photos.map { photo in
            PhotoEntry(name: named(photo.relativePath), location: .file(photo.path.fileURL))
        }
        let skipped = scan.skipped.map { SkippedFile(path: named($0.path), reason: $0.reason) }
        return .success(PhotoCollection(entries: entries, skipped: skipped))
    }

    private static func manifest(_ path: LocalPath, origin file: URL) -> Result<PhotoCollection, PhotoSourceError> {
        do throws(LocalFileError) {
            return PhotoSource.parse(try LocalFile.read(path, limit: ManifestParser.maximumSize), origin: .local(file))
        } catch .tooLarge(let size, let limit) {
            return .failure(.malformed(ManifestError(.tooLarge(size: size, limit: limit), origin: .local(file))))
        } catch {
            return .failure(.unreadableFile(path.readable, error.description))
        }
    }
}
