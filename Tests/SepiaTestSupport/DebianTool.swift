package import Foundation

/// Runs a command-line tool from Debian's packages (ImageMagick, cwebp, tificc, gzip, nginx…)
/// to completion, to make or check a test file. A missing tool or a failed run is an error that
/// names the tool and its package (`scripts/install-deps` installs them): never a skipped test.
package enum DebianTool {
    /// Why a tool did not do its job, in a sentence for the test's failure.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// Runs `tool` (a path, or a name looked up on `PATH`) with `arguments` in `folder` (the
    /// current one when nil), with `input` on its standard input, waits for it and returns its
    /// standard output. Standard error goes to a file, so a chatty tool cannot fill a pipe and
    /// block; it is quoted when the tool fails.
    ///
    /// - Parameter package: the Debian package that brings the tool, for the error message.
    /// - Throws: `Failure` when the tool is missing or exits with a non-zero status.
    @discardableResult
    package static func run(
        _ tool: String, _ arguments: [String] = [], in folder: URL? = nil, input: Data? = nil, package: String
    ) throws -> Data {
        guard let executable = ExecutableFile.named(tool) else {
            throw Failure(description: "\(tool) is missing: install the Debian package \(package) (scripts/install-deps)")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let errorFile = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if let input {
            let inputFile = scratch.appendingPathComponent("stdin")
            try input.write(to: inputFile)
            process.standardInput = try FileHandle(forReadingFrom: inputFile)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errorHandle
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errorHandle.close()
        guard process.terminationStatus == 0 else {
            let complaint = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(complaint)")
        }
        return printed
    }

    /// Runs `tool` like ``run(_:_:in:input:package:)`` and returns what it printed, as text.
    @discardableResult
    package static func text(of tool: String, _ arguments: [String] = [], in folder: URL? = nil, package: String) throws -> String {
        String(decoding: try run(tool, arguments, in: folder, package: package), as: UTF8.self)
    }

    /// The sonames `file` names as needed (its ELF NEEDED entries, read by binutils' readelf),
    /// not what they need in turn.
    package static func neededLibraries(of file: URL) throws -> [String] {
        try text(of: "readelf", ["--dynamic", file.path], package: "binutils").split(separator: "\n").compactMap { line in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }
}
