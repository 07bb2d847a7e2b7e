import Foundation
import Glibc

/// Files whose names are not UTF-8, which Linux allows (any byte but "/" and NUL) and
/// Foundation's file calls cannot make (they take a `String`): made with `open` on the bytes.
public enum RawFileName {
    /// "café.jpg" in Latin-1, as an old camera or archive writes it: the byte 0xE9 is no UTF-8.
    public static let latin1Cafe: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)

    /// Writes `contents` to a new file named `name` (bytes) in `folder`.
    public static func write(_ contents: [UInt8], named name: [UInt8], in folder: URL) throws {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        }
        guard descriptor >= 0 else { throw EndToEndError("cannot create a file in \(folder.path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let written = contents.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == contents.count else { throw EndToEndError("cannot write a file in \(folder.path)") }
    }
}
