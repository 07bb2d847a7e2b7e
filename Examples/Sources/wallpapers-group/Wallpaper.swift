import Foundation

/// A fetched wallpaper: its file's name and what arrived of it.
struct Wallpaper: Sendable {
    /// The file's name, such as `wallpaper-1.raw`.
    let name: String
    /// How many bytes arrived.
    let byteCount: Int
    /// The sum of the bytes, to show that every one of them arrived.
    let byteSum: Int

    /// "Downloads" the wallpaper at `file`: reads all of its bytes, blocking the calling
    /// thread as a synchronous download would.
    static func fetch(from file: URL) throws -> Wallpaper {
        let bytes = try Data(contentsOf: file)
        return Wallpaper(name: file.lastPathComponent, byteCount: bytes.count, byteSum: bytes.reduce(0) { $0 + Int($1) })
    }

    /// "<name>: <bytes> bytes, byte sum <sum>".
    var summary: String {
        "\(name): \(byteCount) bytes, byte sum \(byteSum)"
    }
}
