import Foundation

/// Finds the programs the end-to-end tests drive: `tmux` and the `sepia` binary under test.
///
/// A missing program is an error, never a reason to skip: CI installs tmux through
/// `scripts/install-deps`, and `swift build --build-tests` builds `sepia` beside the tests.
enum EndToEndTools {
    /// The environment variable that names the `sepia` binary to test instead of the one
    /// built beside the test bundle.
    static let sepiaOverride = "SEPIA_BINARY"

    /// `tmux`, looked up on the `PATH`.
    static func tmux() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("tmux") }
        guard let found = candidates.first(where: isExecutable) else {
            throw EndToEndError("""
                tmux is not installed (looked on the PATH: \(path)). The end-to-end tests drive \
                sepia in tmux: run scripts/install-deps, or apt-get install tmux.
                """)
        }
        return found
    }

    /// The `sepia` binary: `$SEPIA_BINARY` when set, otherwise `sepia` in the build folder
    /// that holds the test bundle.
    static func sepia() throws -> URL {
        if let override = ProcessInfo.processInfo.environment[sepiaOverride], !override.isEmpty {
            let url = URL(fileURLWithPath: override)
            guard isExecutable(url) else {
                throw EndToEndError("\(sepiaOverride) names \(override), which is not an executable file.")
            }
            return url
        }
        let binary = buildFolder.appendingPathComponent("sepia")
        guard isExecutable(binary) else {
            throw EndToEndError("""
                The sepia binary is not beside the test bundle (looked for \(binary.path)). Build \
                it with `swift build --build-tests` (which builds every product), or set \(sepiaOverride).
                """)
        }
        return binary
    }

    /// The build folder that holds the test bundle: on Linux the test runner is an executable
    /// there (`.build/<triple>/debug/SepiaPackageTests.xctest`), so it is the main bundle's
    /// folder; on macOS the tests are a bundle loaded by `xctest`, in that folder.
    private static var buildFolder: URL {
        #if os(Linux)
        Bundle.main.bundleURL
        #else
        Bundle(for: TmuxSession.self).bundleURL.deletingLastPathComponent()
        #endif
    }

    private static func isExecutable(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue
            && FileManager.default.isExecutableFile(atPath: url.path)
    }
}
