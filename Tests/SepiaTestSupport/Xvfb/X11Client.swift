package import Foundation

/// Runs the X clients ``XvfbTerminal`` drives a display with (xdotool, ImageMagick's
/// `import`), to completion, keeping their output as bytes (a screenshot is binary).
package enum X11Client {
    /// Runs `name` (looked up on the `PATH`) with `arguments` on `display` and returns its
    /// standard output.
    ///
    /// - Throws: ``EndToEndError`` when the program is missing or fails, with its standard
    ///   error (read after the output: these clients write a line at most there).
    package static func run(_ name: String, _ arguments: [String], display: XvfbDisplay) throws -> Data {
        guard let program = ExecutableFile.onPath(name) else {
            throw EndToEndError("\(name) is not on the PATH: run scripts/install-deps (xdotool, imagemagick).")
        }
        let result = try CommandRunner.runCapturingBytes(program, arguments, environment: display.environment())
        guard result.status == 0 else {
            throw EndToEndError(
                "\(name) \(arguments.joined(separator: " ")) failed (\(result.status)): \(String(decoding: result.errorOutput, as: UTF8.self))"
            )
        }
        return result.output
    }

    /// Runs `name` like ``run(_:_:display:)`` and returns what it printed, as text.
    package static func text(_ name: String, _ arguments: [String], display: XvfbDisplay) throws -> String {
        String(decoding: try run(name, arguments, display: display), as: UTF8.self)
    }
}
