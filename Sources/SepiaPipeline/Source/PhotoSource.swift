import Foundation
import SepiaOperations

/// The app's data source: reads a manifest (a property list, JSON or a list of URLs) from an
/// http(s) URL or a local file, off the calling thread, and turns it into rows in a stable order.
public enum PhotoSource {
    /// Manifest files are read here, never on the caller's thread.
    private static let fileQueue = DispatchQueue.serial(named: "Sepia manifest reads", qos: .userInitiated)

    /// Loads the manifest at `location` (an http or https URL, a `file:` URL or a path) and
    /// calls `completion` once, on an arbitrary thread, with its rows or one clear error.
    ///
    /// Rows that cannot be downloaded (say, `"NO URL"`) are kept, as ``PhotoLocation/invalid(reason:)``.
    public static func load(
        _ location: String, loader: any PhotoDataLoading,
        completion: @escaping @Sendable (Result<[PhotoEntry], PhotoSourceError>) -> Void
    ) {
        switch Self.resolve(location) {
        case .remote(let url):
            _ = loader.loadData(from: url, limit: ManifestParser.maximumSize, progress: nil) { result in
                completion(result.mapError { .download(url, $0) }.flatMap { parse($0, origin: .remote(url)) })
            }
        case .local(let file):
            fileQueue.async {
                completion(readFile(file).flatMap { parse($0, origin: .local(file)) })
            }
        case nil:
            completion(.failure(.unsupportedLocation(location)))
        }
    }

    /// The rows of the manifest at `location` (see ``load(_:loader:completion:)``).
    ///
    /// - Throws: the one clear error that says why the manifest cannot be had.
    public static func entries(at location: String, loader: any PhotoDataLoading) async throws(PhotoSourceError) -> [PhotoEntry] {
        try await withCheckedContinuation { continuation in
            load(location, loader: loader) { continuation.resume(returning: $0) }
        }.get()
    }

    /// Where `location` points: a remote URL, a local file, or nowhere Sepia can read.
    static func resolve(_ location: String) -> ManifestOrigin? {
        if let url = URL(string: location), let scheme = url.scheme?.lowercased(), scheme.count > 1 {
            switch scheme {
            case "http", "https": return url.host?.isEmpty == false ? .remote(url) : nil
            case "file": return .local(url.standardizedFileURL)
            default: return nil
            }
        }
        return location.isEmpty ? nil : .local(URL(fileURLWithPath: location).standardizedFileURL)
    }

    private static func readFile(_ file: URL) -> Result<Data, PhotoSourceError> {
        do throws(LocalFileError) {
            return .success(try LocalFile.read(file.path, limit: ManifestParser.maximumSize))
        } catch .tooLarge(let size, let limit) {
            return .failure(.malformed(ManifestError(.tooLarge(size: size, limit: limit), origin: .local(file))))
        } catch {
            return .failure(.unreadableFile(file.path, error.description))
        }
    }

    private static func parse(_ data: Data, origin: ManifestOrigin) -> Result<[PhotoEntry], PhotoSourceError> {
        Result { try ManifestParser.parse(data, origin: origin) }
            .mapError { ($0 as? ManifestError).map(PhotoSourceError.malformed) ?? .unsupportedLocation(origin.displayName) }
    }
}
