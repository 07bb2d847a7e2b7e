import Foundation

/// Runs one of Debian's image tools (ImageMagick's `convert` and `identify`, lcms2's `tificc`)
/// to make or check test files. A missing tool or a failed run is an error that names the tool
/// and its package (`scripts/install-deps` installs them): never a skipped test.
enum DebianTool {
    /// Why a tool did not do its job.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `/usr/bin/<name>` with `arguments`, waits for it and returns what it printed
    /// (standard output and error together, through a file: a pipe could fill and block it).
    ///
    /// - Throws: `Failure` when the tool is missing or exits with a non-zero status.
    @discardableResult
    static func run(_ name: String, _ arguments: [String], package: String) throws -> String {
        let executable = URL(fileURLWithPath: "/usr/bin").appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw Failure(description: "\(name) is missing: install the Debian package \(package) (scripts/install-deps)")
        }
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-\(name)-\(UUID().uuidString).txt")
        guard FileManager.default.createFile(atPath: capture.path, contents: nil) else {
            throw Failure(description: "cannot create \(capture.path) for \(name)'s output")
        }
        defer { try? FileManager.default.removeItem(at: capture) }
        let handle = try FileHandle(forWritingTo: capture)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let output = (try? String(contentsOf: capture, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(name) \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(output)")
        }
        return output
    }
}
