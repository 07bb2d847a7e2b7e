import Foundation

/// The window's title for the sources it shows: ``full`` names each source as given (the
/// window's title, which window lists and screen readers show), ``short`` only the last part of
/// each (the header bar's, which has room for little beside its buttons).
struct WindowTitle: Equatable {
    let full: String
    let short: String

    /// The title of the embedded demo server's photos.
    static let demo = WindowTitle(full: "Sepia demo", short: "Sepia demo")

    init(full: String, short: String) {
        self.full = full
        self.short = short
    }

    /// The title of `sources` (paths or URLs, as on the command line).
    init(sources: [String]) {
        full = "Sepia — " + sources.joined(separator: " ")
        short = "Sepia — " + sources.map(Self.lastPart).joined(separator: ", ")
    }

    /// The title of the demo server's photos, once it has listed them.
    static func demo(photoCount: Int, brokenCount: Int) -> WindowTitle {
        WindowTitle(full: "\(demo.full) — \(photoCount) photos, \(brokenCount) broken on purpose", short: demo.short)
    }

    /// This title with `full` after the full form and `short` after the short one.
    func appending(full: String, short: String) -> WindowTitle {
        WindowTitle(full: self.full + full, short: self.short + short)
    }

    /// A URL's last path component, or its host when the path has none; a path's last
    /// component ("/" for the root).
    private static func lastPart(of source: String) -> String {
        if let url = URL(string: source), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme) {
            let last = url.lastPathComponent
            return last.isEmpty || last == "/" ? (url.host ?? source) : last
        }
        let trimmed = source.hasSuffix("/") && source.count > 1 ? String(source.dropLast()) : source
        return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    }
}
