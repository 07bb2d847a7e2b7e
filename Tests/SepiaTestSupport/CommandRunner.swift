package import Foundation

/// What a finished command printed and how it ended.
package struct CommandResult {
    /// The exit status (or the signal number when it was killed).
    package var status: Int32
    /// Standard output, decoded as UTF-8.
    package var output: String
    /// Standard error, decoded as UTF-8.
    package var errorOutput: String
}

/// Runs short helper commands (tmux clients) to completion with Foundation's `Process`.
///
/// A command must not leave a process behind that inherited its descriptors (a tmux client
/// that starts a server daemon does): Foundation on Linux only sees a child end once every
/// copy of a descriptor it gave it is closed, and the pipes would never reach their end.
package enum CommandRunner {
    /// Runs `executable` with `arguments` in `environment` and waits for it.
    ///
    /// Standard output is read to its end before standard error, so the command must not
    /// write more than a pipe's buffer (64 KiB) to standard error; tmux writes a line at most.
    package static func run(_ executable: URL, _ arguments: [String], environment: [String: String]) throws -> CommandResult {
        let result = try runCapturingBytes(executable, arguments, environment: environment)
        return CommandResult(
            status: result.status,
            output: String(decoding: result.output, as: UTF8.self),
            errorOutput: String(decoding: result.errorOutput, as: UTF8.self))
    }

    /// Runs `executable` as ``run(_:_:environment:)`` does, keeping its output as bytes (a
    /// screenshot is binary).
    package static func runCapturingBytes(
        _ executable: URL, _ arguments: [String], environment: [String: String]
    ) throws -> (status: Int32, output: Data, errorOutput: Data) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errorOutput = Pipe()
        process.standardOutput = output
        process.standardError = errorOutput
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errorOutput.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, outputData, errorData)
    }
}
