import Foundation
import XCTest

@testable import SepiaImaging

/// Debian's own image tools (ImageMagick's `convert`, `tiffcp`, `tiffset`, `avifenc`,
/// `heif-enc`...) run by the codec tests to make their files, in a folder of their own.
///
/// A missing tool is a test failure that names the package to install, never a skip.
final class ExternalTool {
    /// The temporary folder the files are written to, removed when this object goes.
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The path of `name` inside `folder`.
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Writes `image` as a PNG named `name` and returns its path.
    @discardableResult
    func writePNG(_ image: RGBAImage, named name: String) throws -> String {
        try Data(ImageEncoder.encode(image, as: .png)).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    /// The bytes of the file `name`.
    func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: path(name))))
    }

    /// Runs `tool` (found in /usr/bin) with `arguments` in `folder` and returns its standard
    /// output; throws with the tool's standard error when it fails.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> String {
        let executable = "/usr/bin/" + tool
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw Failure(
                message: "\(executable) is missing: run scripts/install-deps (imagemagick, libtiff-tools, libavif-bin, libheif-examples)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaints = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: complaints, as: UTF8.self)
            throw Failure(message: "\(tool) \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(text)")
        }
        return String(decoding: printed, as: UTF8.self)
    }

    /// A tool that is missing or failed.
    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
