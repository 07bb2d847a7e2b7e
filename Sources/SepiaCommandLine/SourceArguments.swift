import Glibc
import SepiaPipeline

/// The sources of a command as the kernel passed them.
///
/// ArgumentParser reads `CommandLine.arguments`, where Swift has replaced every byte that is
/// not UTF-8 with U+FFFD: a Latin-1 file name ("caf\u{E9}.jpg", byte 0xE9) would name no file.
/// Each such source is found again in `argv` and passed on by its bytes
/// (`PhotoSource.location(ofArgument:)`).
package enum SourceArguments {
    /// Whether the local path `argument` lost bytes that are not UTF-8 in decoding, so that its
    /// text names another file than the one given.
    package static func hasLostBytes(_ argument: String) -> Bool {
        restoringBytes([argument]) != [argument]
    }

    /// `sources` with each one that lost bytes in decoding replaced by a location of its bytes.
    package static func restoringBytes(_ sources: [String]) -> [String] {
        guard sources.contains(where: { $0.unicodeScalars.contains("\u{FFFD}") }) else { return sources }
        let arguments = (0..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
        }
        return sources.map { source in
            guard source.unicodeScalars.contains("\u{FFFD}"),
                let bytes = arguments.first(where: { String(decoding: $0, as: UTF8.self) == source })
            else { return source }
            return PhotoSource.location(ofArgument: bytes)
        }
    }
}
