import Foundation
import Glibc

/// A local path given as a source: a folder of photos, one photo, or a manifest file.
enum LocalSource {
    /// The rows that `file` gives: a folder's photos, the photo itself, or a manifest's rows.
    ///
    /// - Parameters:
    ///   - given: the location as the user wrote it, for names and messages.
    ///   - addsFolderName: whether a folder's rows are named with `given` in front.
    static func read(
        _ file: URL, named given: String, addsFolderName: Bool, recursive: Bool, excluding excludedFolder: String?
    ) -> Result<PhotoCollection, PhotoSourceError> {
        var status = stat()
        guard stat(file.path, &status) == 0 else {
            return .failure(.unreadableFile(file.path, String(cString: strerror(errno))))
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            return folder(file.path, named: given, addsFolderName: addsFolderName, recursive: recursive, excluding: excludedFolder)
        }
        if status.st_mode & S_IFMT == S_IFREG, FolderScan.mayBePhoto(file.path) {
            return .success(PhotoCollection(entries: [PhotoEntry(name: given, location: .file(file))]))
        }
        return manifest(file).map { PhotoCollection(entries: $0) }
    }

    private static func folder(
        _ path: String, named given: String, addsFolderName: Bool, recursive: Bool, excluding excludedFolder: String?
    ) -> Result<PhotoCollection, PhotoSourceError> {
        let scan: FolderScan
        do throws(LocalFileError) {
            scan = try FolderScan(folder: path, recursive: recursive, excluding: excludedFolder)
        } catch {
            return .failure(.unreadableFile(path, error.description))
        }
        var prefix = addsFolderName ? given : ""
        while prefix.count > 1 && prefix.hasSuffix("/") { prefix.removeLast() }
        func named(_ relativePath: String) -> String {
            prefix.isEmpty ? relativePath : prefix.hasSuffix("/") ? prefix + relativePath : prefix + "/" + relativePath
        }
        let entries = scan.photos.map { photo in
            PhotoEntry(name: named(photo.relativePath), location: .file(URL(fileURLWithPath: photo.path)))
        }
        let skipped = scan.skipped.map { SkippedFile(path: named($0.path), reason: $0.reason) }
        return .success(PhotoCollection(entries: entries, skipped: skipped))
    }

    private static func manifest(_ file: URL) -> Result<[PhotoEntry], PhotoSourceError> {
        do throws(LocalFileError) {
            return PhotoSource.parse(try LocalFile.read(file.path, limit: ManifestParser.maximumSize), origin: .local(file))
        } catch .tooLarge(let size, let limit) {
            return .failure(.malformed(ManifestError(.tooLarge(size: size, limit: limit), origin: .local(file))))
        } catch {
            return .failure(.unreadableFile(file.path, error.description))
        }
    }
}
