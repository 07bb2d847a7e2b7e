public import Foundation

extension DiskCache {
    /// The standard place for the cache called `name` (such as "originals" or "processed"),
    /// following the XDG Base Directory rules: `$XDG_CACHE_HOME/sepia/<name>` when
    /// XDG_CACHE_HOME is an absolute path, otherwise `$HOME/.cache/sepia/<name>`.
    /// - Parameter environment: the variables to read; the process's own by default.
    public static func defaultDirectory(
        named name: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        let cacheHome: URL
        if let xdgCacheHome = environment["XDG_CACHE_HOME"], xdgCacheHome.hasPrefix("/") {
            cacheHome = URL(fileURLWithPath: xdgCacheHome, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            cacheHome = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
        }
        return
            cacheHome
            .appendingPathComponent("sepia", isDirectory: true)
            .appendingPathComponent(name, isDirectory: true)
    }
}
