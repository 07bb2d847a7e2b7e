package import Foundation

/// Finds the programs that the end-to-end tests and the benchmarks drive.
package enum ExecutableFile {
    /// The first executable file named `name` in a folder of the `PATH`, or nil.
    package static func onPath(_ name: String) -> URL? {
        searchPath.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first(where: isExecutable)
    }

    /// The executable `tool` names: itself when it holds a "/" (a path), else the first match
    /// on the `PATH` (``onPath(_:)``); nil when there is none.
    package static func named(_ tool: String) -> URL? {
        guard tool.contains("/") else { return onPath(tool) }
        let url = URL(fileURLWithPath: tool)
        return isExecutable(url) ? url : nil
    }

    /// The folders searched, as the `PATH` lists them (`/usr/bin:/bin` when it is not set).
    package static var searchPath: String {
        ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    }

    /// Whether `url` is a file (not a folder) this process may run.
    package static func isExecutable(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue
            && FileManager.default.isExecutableFile(atPath: url.path)
    }
}
