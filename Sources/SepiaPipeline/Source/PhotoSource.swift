public import Foundation
import SepiaOperations

/// The app's data source: reads manifests (a property list, JSON or a list of URLs, from an
/// http(s) URL or a local file), folders and photo files, off the calling thread, and turns
/// them into rows in a stable order.
public enum PhotoSource {
    /// Files and folders are read here, never on the caller's thread.
    private static let fileQueue = DispatchQueue.serial(named: "Sepia manifest reads", qos: .userInitiated)

    /// Loads the manifest at `location` (an http or https URL, a `file:` URL or a path; a
    /// folder or a photo file works too) and calls `completion` once, on an arbitrary thread,
    /// with its rows or one clear error.
    ///
    /// Rows that cannot be downloaded (say, `"NO URL"`) are kept, as ``PhotoLocation/invalid(reason:)``.
    public static func load(
        _ location: String, loader: any PhotoDataLoading,
        completion: @escaping @Sendable (Result<[PhotoEntry], PhotoSourceError>) -> Void
    ) {
        load([location], loader: loader) { completion($0.map(\.entries)) }
    }

    /// Loads every source in `locations`, in order, and calls `completion` once, on an
    /// arbitrary thread, with all their rows or the first clear error.
    ///
    /// Each location is an http(s) URL of a manifest, or a local path (or `file:` URL) of a
    /// manifest, a folder or a photo. A local file is a photo when its first bytes are an image
    /// format Sepia decodes, and a manifest otherwise.
    /// - A folder's photos are named by their paths relative to it ("2024/beach.jpg"), and
    ///   sorted by them in natural order; with several locations the name starts with the
    ///   folder as given ("Pictures/2024/beach.jpg"). Files that are not images are skipped
    ///   and counted in ``PhotoCollection/skipped``.
    /// - A photo file is named by its file name ("beach.jpg").
    /// - Names repeated across sources get " (2)", " (3)", ….
    ///
    /// - Parameters:
    ///   - recursive: whether folders are read with their subfolders.
    ///   - excludedFolder: a folder left out of every scan (a batch's output folder).
    ///   - cache: a disk cache that keeps remote manifests with their response headers; each is
    ///     then revalidated before use (`If-None-Match`, `If-Modified-Since`), so that the tasks
    ///     of a batch sharing the cache download a large manifest once. Nil for none.
    public static func load(
        _ locations: [String], recursive: Bool = false, excluding excludedFolder: URL? = nil,
        loader: any PhotoDataLoading, cache: DiskCache? = nil,
        completion: @escaping @Sendable (Result<PhotoCollection, PhotoSourceError>) -> Void
    ) {
        let reading = SourceReading(
            locations: locations, recursive: recursive, excludedFolder: excludedFolder?.path, loader: loader, cache: cache,
            completion: completion)
        reading.next(index: 0, collected: PhotoCollection(entries: []))
    }

    /// The rows of the manifest at `location` (see ``load(_:loader:completion:)``).
    ///
    /// - Throws: the one clear error that says why the manifest cannot be had.
    public static func entries(at location: String, loader: any PhotoDataLoading) async throws(PhotoSourceError) -> [PhotoEntry] {
        try await collection(from: [location], loader: loader).entries
    }

    /// The rows of every source in `locations` (see ``load(_:recursive:excluding:loader:cache:completion:)``).
    ///
    /// - Throws: the first clear error that says why a source cannot be had.
    public static func collection(
        from locations: [String], recursive: Bool = false, excluding excludedFolder: URL? = nil, loader: any PhotoDataLoading,
        cache: DiskCache? = nil
    ) async throws(PhotoSourceError) -> PhotoCollection {
        try await withCheckedContinuation { continuation in
            load(locations, recursive: recursive, excluding: excludedFolder, loader: loader, cache: cache) {
                continuation.resume(returning: $0)
            }
        }.get()
    }

    /// The source that the bytes of a command-line argument name, for ``load(_:recursive:excluding:loader:cache:completion:)``.
    ///
    /// Swift decodes arguments as UTF-8 and replaces the bytes that are not with U+FFFD, so a
    /// file whose name is not UTF-8 (a Latin-1 "caf\u{E9}.jpg") could not be named by the
    /// decoded text. For such a local path this is a `file:` URL that escapes its bytes (rows
    /// are named by the path, with U+FFFD for those bytes); any other argument is its text.
    public static func location(ofArgument bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        let path = LocalPath(bytes: bytes)
        guard path.needsBytes, case .local = resolve(text), !text.lowercased().hasPrefix("file:") else { return text }
        return path.absolute().fileURL.absoluteString
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

    /// Reads the sources one after the other, each off the caller's thread.
    private struct SourceReading: Sendable {
        let locations: [String]
        let recursive: Bool
        let excludedFolder: String?
        let loader: any PhotoDataLoading
        let cache: DiskCache?
        let completion: @Sendable (Result<PhotoCollection, PhotoSourceError>) -> Void

        func next(index: Int, collected: PhotoCollection) {
            guard index < locations.count else { return finish(collected) }
            let location = locations[index]
            let addsFolderName = locations.count > 1
            read(location, addsFolderName: addsFolderName) { result in
                switch result {
                case .success(let more):
                    next(
                        index: index + 1,
                        collected: PhotoCollection(
                            entries: collected.entries + more.entries, skipped: collected.skipped + more.skipped,
                            ignoredPlaceholders: collected.ignoredPlaceholders
                                + more.ignoredPlaceholders.map { $0.moved(to: collected.entries.count + ($0.row ?? 0), name: $0.name) }))
                case .failure(let error):
                    completion(.failure(error))
                }
            }
        }

        private func finish(_ collected: PhotoCollection) {
            guard !collected.entries.isEmpty else {
                return completion(.failure(.noPhotos(locations.joined(separator: ", "), collected.skippedSummary)))
            }
            let names = EntryNaming.uniqued(collected.entries.map(\.name))
            let entries = zip(collected.entries, names).map { $0.name == $1 ? $0 : $0.renamed($1) }
            let ignored = collected.ignoredPlaceholders.map { ignored in
                ignored.row.map { ignored.moved(to: $0, name: names[$0]) } ?? ignored
            }
            completion(.success(PhotoCollection(entries: entries, skipped: collected.skipped, ignoredPlaceholders: ignored)))
        }

        private func read(
            _ location: String, addsFolderName: Bool, then done: @escaping @Sendable (Result<PhotoCollection, PhotoSourceError>) -> Void
        ) {
            switch PhotoSource.resolve(location) {
            case .remote(let url):
                PhotoSource.fetchManifest(url, loader: loader, cache: cache) { result in
                    done(
                        result.mapError { .download(url, $0) }.flatMap { parse($0, origin: .remote(url)) })
                }
            case .local(let file):
                fileQueue.async {
                    done(
                        LocalSource.read(
                            file, named: location, addsFolderName: addsFolderName, recursive: recursive, excluding: excludedFolder))
                }
            case nil:
                done(.failure(.unsupportedLocation(location)))
            }
        }
    }

    /// Fetches a remote manifest: through the cache when there is one (revalidated each time),
    /// straight from the loader otherwise.
    private static func fetchManifest(
        _ url: URL, loader: any PhotoDataLoading, cache: DiskCache?,
        then done: @escaping @Sendable (Result<Data, PhotoError>) -> Void
    ) {
        guard let cache else {
            _ = loader.loadData(from: url, limit: ManifestParser.maximumSize, progress: nil, completion: done)
            return
        }
        let download = DownloadOperation(
            url: url, loader: loader, cache: cache, alwaysRevalidates: true, limit: ManifestParser.maximumSize)
        download.onFinish(on: .global()) { result in
            switch result {
            case .success(let data): done(.success(data))
            case .failure(let error): done(.failure(error as? PhotoError ?? .processing("\(error)")))
            case .cancelled: done(.failure(.cancelled))
            }
        }
        manifestQueue.addOperation(download)
    }

    /// Where manifest downloads through a cache run.
    private static let manifestQueue = OperationQueue(
        configuration: StageConfiguration(name: "Sepia manifest downloads", maxConcurrentOperationCount: 4))

    static func parse(_ data: Data, origin: ManifestOrigin) -> Result<PhotoCollection, PhotoSourceError> {
        Result { try ManifestParser.collection(data, origin: origin) }
            .mapError { ($0 as? ManifestError).map(PhotoSourceError.malformed) ?? .unsupportedLocation(origin.displayName) }
    }
}
