public import Foundation

/// Why the list of photos could not be loaded: the message of the app's alert.
public enum PhotoSourceError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The manifest could not be downloaded.
    case download(URL, PhotoError)
    /// The manifest file, folder or photo could not be read.
    case unreadableFile(String, String)
    /// The location is neither an http(s) URL nor a local path.
    case unsupportedLocation(String)
    /// The manifest was read but is not a valid list of photos.
    case malformed(ManifestError)
    /// The folders (and files) given hold no photo; the second value sums up what was skipped.
    case noPhotos(String, String?)

    public var description: String {
        switch self {
        case .download(let url, let error): "Cannot download the photo list from \(url.absoluteString): \(Self.sentence("\(error)"))"
        case .unreadableFile(let path, let reason): "Cannot read the photo list \(path): \(Self.sentence(reason))"
        case .unsupportedLocation(let text): "Cannot load a photo list from \(text): give an http(s) URL or a file path."
        case .malformed(let error): error.description
        case .noPhotos(let locations, let skipped): "There are no photos in \(locations)." + (skipped.map { " " + $0 } ?? "")
        }
    }

    public var errorDescription: String? { description }

    /// `text` with one full stop at its end (system messages often bring their own).
    private static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? text : text + "."
    }
}
