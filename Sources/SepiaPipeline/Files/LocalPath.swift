import Foundation
import Glibc

/// A local path as the bytes the kernel takes.
///
/// Linux allows any byte but "/" and NUL in a file name, so a name need not be UTF-8 (a
/// Latin-1 "caf\u{E9}.jpg" from an old camera or archive is the byte 0xE9, not "é"). A Swift
/// `String` cannot hold such a name, and Foundation's `URL.path` of a `file:` URL escaping it
/// ("caf%E9.jpg") is empty, so paths that reach the file system go through this type: a `file:`
/// URL carries the bytes percent-encoded, and people see them with U+FFFD (``readable``).
struct LocalPath: Hashable, Sendable {
    /// The path's bytes, without a terminating NUL.
    let bytes: [UInt8]

    /// The path made of `bytes`.
    init(bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    /// The path `path` (UTF-8).
    init(_ path: String) {
        bytes = Array(path.utf8)
    }

    /// The path of the `file:` URL `url`, its escapes turned back into bytes; nil for another
    /// scheme or a malformed escape.
    init?(fileURL url: URL) {
        guard url.isFileURL, let bytes = Substring(url.path(percentEncoded: true)).percentDecodedBytes() else { return nil }
        self.bytes = bytes
    }

    /// The path for people: bytes that are not UTF-8 are shown as U+FFFD ("caf\u{FFFD}.jpg").
    var readable: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the path is not UTF-8, so that a `String` cannot name the file.
    var needsBytes: Bool { String(validating: bytes, as: UTF8.self) == nil }

    /// A `file:` URL of the path: Foundation's own for a UTF-8 path (so locations, and the output
    /// names derived from them, stay as they were), percent-encoded bytes otherwise.
    var fileURL: URL {
        if let text = String(validating: bytes, as: UTF8.self) { return URL(fileURLWithPath: text) }
        var escaped = "file://"
        for byte in bytes {
            if Self.unescapedInPaths.contains(byte) {
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                escaped.unicodeScalars.append(contentsOf: ["%", Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 15)]])
            }
        }
        // Every byte outside the URL path characters is escaped, so the text is a URL.
        return URL(string: escaped)!
    }

    /// The path resolved against the current folder when it is relative.
    func absolute() -> LocalPath {
        guard bytes.first != UInt8(ascii: "/"), let folder = getcwd(nil, 0) else { return self }
        defer { free(folder) }
        return LocalPath(bytes: UnsafeRawBufferPointer(start: folder, count: strlen(folder))).appending(bytes)
    }

    /// The folder that holds the path's last component ("/a/b" for "/a/b/c.txt"; "/" for "/c.txt").
    func deletingLastComponent() -> LocalPath {
        let trimmed = bytes.last == UInt8(ascii: "/") ? bytes.dropLast() : bytes[...]
        guard let slash = trimmed.lastIndex(of: UInt8(ascii: "/")) else { return LocalPath(".") }
        return LocalPath(bytes: slash == trimmed.startIndex ? [UInt8(ascii: "/")] : Array(trimmed[..<slash]))
    }

    /// The absolute path without "." and ".." components and repeated "/", as
    /// `URL.standardized` makes a `file:` URL's (which needs a UTF-8 path); symbolic links are
    /// not resolved.
    func standardized() -> LocalPath {
        var components: [ArraySlice<UInt8>] = []
        for component in bytes.split(separator: UInt8(ascii: "/")) {
            if component.elementsEqual("..".utf8) {
                _ = components.popLast()
            } else if !component.elementsEqual(".".utf8) {
                components.append(component)
            }
        }
        let joined = components.flatMap { [UInt8(ascii: "/")] + $0 }
        return LocalPath(bytes: joined.isEmpty ? [UInt8(ascii: "/")] : joined)
    }

    /// A `file:` URL of the standardized path: Foundation's own for a UTF-8 path, as
    /// `URL(fileURLWithPath:).standardized` (so locations stay as they were), the bytes'
    /// otherwise (``standardized()``).
    var standardizedFileURL: URL {
        guard needsBytes else { return URL(fileURLWithPath: readable).standardized }
        return standardized().fileURL
    }

    /// The path with `name` (one entry of its folder) appended.
    func appending(_ name: some Collection<UInt8>) -> LocalPath {
        LocalPath(bytes: bytes.last == UInt8(ascii: "/") ? bytes + name : bytes + [UInt8(ascii: "/")] + name)
    }

    /// Calls `body` with the path as a NUL-terminated C string, for system calls.
    func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The digits of a percent escape.
    private static let hexDigits = Array("0123456789ABCDEF".unicodeScalars)

    /// The ASCII bytes a URL path may hold as they are (RFC 3986 `pchar` and "/"), but "%".
    private static let unescapedInPaths: Set<UInt8> = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/".utf8)
}
