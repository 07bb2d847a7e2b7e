public import Foundation
import Glibc

/// Files whose names are not UTF-8, which Linux allows (any byte but "/" and NUL) and
/// Foundation's file calls cannot make (they take a `String`): made with `open` and `mkdir` on
/// the bytes.
public enum RawFileName {
    /// "café.jpg" in Latin-1, as an old camera or archive writes it: the byte 0xE9 is no UTF-8.
    public static let latin1Cafe: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)

    /// Writes `contents` to a new file named `name` (bytes) in `folder`.
    public static func write(_ contents: [UInt8], named name: [UInt8], in folder: URL) throws {
        try write(contents, at: path(folder, name))
    }

    /// Writes `contents` to a new file at `path` (bytes).
    public static func write(_ contents: [UInt8], at path: [UInt8]) throws {
        let shown = String(decoding: path, as: UTF8.self)
        let descriptor = withCString(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { throw EndToEndError("cannot create \(shown): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let written = contents.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == contents.count else { throw EndToEndError("cannot write \(shown)") }
    }

    /// Makes a folder named `name` (bytes) in `folder` and returns its path's bytes.
    public static func makeFolder(named name: [UInt8], in folder: URL) throws -> [UInt8] {
        let made = path(folder, name)
        guard withCString(made, { mkdir($0, 0o755) }) == 0 else {
            throw EndToEndError("cannot create a folder in \(folder.path): \(String(cString: strerror(errno)))")
        }
        return made
    }

    /// The bytes of `folder`'s path with "/" and `name`.
    public static func path(_ folder: URL, _ name: [UInt8]) -> [UInt8] {
        Array(folder.path.utf8) + [UInt8(ascii: "/")] + name
    }

    private static func withCString<Result>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (path + [0]).withUnsafeBufferPointer { buffer in buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
    }
}
