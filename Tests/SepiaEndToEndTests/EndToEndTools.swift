import Foundation
import SepiaTestSupport

/// Finds the `sepia` binary the end-to-end tests drive (tmux: ``TmuxSession/findTmux()``).
///
/// A missing program is an error, never a reason to skip: `swift build --build-tests` builds
/// `sepia` beside the tests.
enum EndToEndTools {
    /// The environment variable that names the `sepia` binary to test instead of the one
    /// built beside the test bundle.
    static let sepiaOverride = "SEPIA_BINARY"

    /// The `sepia` binary: `$SEPIA_BINARY` when set, otherwise `sepia` in the build folder
    /// that holds the test bundle.
    static func sepia() throws -> URL {
        if let override = ProcessInfo.processInfo.environment[sepiaOverride], !override.isEmpty {
            let url = URL(fileURLWithPath: override)
            guard ExecutableFile.isExecutable(url) else {
                throw EndToEndError("\(sepiaOverride) names \(override), which is not an executable file.")
            }
            return url
        }
        let binary = buildFolder.appendingPathComponent("sepia")
        guard ExecutableFile.isExecutable(binary) else {
            throw EndToEndError(
                """
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
        Bundle(for: SepiaSessionTestCase.self).bundleURL.deletingLastPathComponent()
        #endif
    }
}
