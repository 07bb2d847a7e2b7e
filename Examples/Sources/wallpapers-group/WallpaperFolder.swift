import Foundation

/// A temporary folder of made-up wallpaper files for the example to "download", so that it
/// runs offline and always fetches the same bytes.
struct WallpaperFolder: Sendable {
    /// The wallpaper files, `wallpaper-1.raw` first.
    let files: [URL]
    private let url: URL

    /// Writes `count` wallpapers into a new temporary folder; wallpaper `n` holds `n` × 16 KiB.
    init(count: Int) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-wallpapers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        files = try (1...count).map { [url] number in
            let file = url.appendingPathComponent("wallpaper-\(number).raw")
            try Self.bytes(ofWallpaper: number).write(to: file)
            return file
        }
    }

    /// Deletes the folder and its wallpapers.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// Wallpaper `number`'s bytes: a repeating pattern of its own.
    private static func bytes(ofWallpaper number: Int) -> Data {
        Data((0..<number * 16_384).map { UInt8(truncatingIfNeeded: $0 * number) })
    }
}
