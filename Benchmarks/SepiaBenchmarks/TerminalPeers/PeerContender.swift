import Foundation
import SepiaTestSupport

/// A program that shows a screen of photo thumbnails in a terminal, and the shell command
/// that does it in each real terminal, for `sepia-bench terminal-peers`.
struct PeerContender: Sendable {
    /// Whether it is the third command given on the command line (a full-screen program).
    var isCustom = false
    /// The name in the table.
    var name: String
    /// The protocol it is asked to use, per terminal, for the table.
    var protocolName: @Sendable (TerminalEmulator) -> String
    /// The shell command that shows `files` in a terminal of `columns` columns.
    var command: @Sendable (TerminalEmulator, _ files: [String], _ folder: String, _ columns: Int) -> String

    /// timg 1.4.5: a grid of two columns, each cell 32×12, no titles; one timg per row of the
    /// grid with an empty line after it, so the pictures of two rows do not touch (the
    /// benchmark tells pictures apart by the background between them).
    static let timg = PeerContender(
        name: "timg",
        protocolName: { $0 == .kitty ? "kitty" : "sixel" },
        command: { emulator, files, _, _ in
            let pixels = emulator == .kitty ? "kitty" : "sixel"
            return stride(from: 0, to: files.count, by: 2).map { start in
                "timg -p \(pixels) --grid=2 -g64x12 " + files[start..<min(start + 2, files.count)].map(shellQuoted).joined(separator: " ")
                    + "; echo"
            }.joined(separator: "; ")
        })

    /// chafa 1.12 (no grid before 1.14): the photos one under another, each in 30×11 cells,
    /// one chafa per photo with an empty line after it (a sixel leaves the cursor on its
    /// last line, so one newline would make the next picture touch it).
    static let chafa = PeerContender(
        name: "chafa",
        protocolName: { $0 == .kitty ? "kitty" : "sixels" },
        command: { emulator, files, _, _ in
            let format = emulator == .kitty ? "kitty" : "sixels"
            return files.map { "chafa -f \(format) --size 30x11 \(shellQuoted($0)); echo; echo" }.joined(separator: "; ")
        })

    /// Any other command line (Sepia's), in which `{folder}` stands for the folder of photos
    /// and `{files}` for the photos.
    static func custom(_ template: String) -> PeerContender {
        PeerContender(
            isCustom: true,
            name: template.split(separator: " ").first.map { URL(fileURLWithPath: String($0)).lastPathComponent } ?? template,
            protocolName: { _ in "its own" },
            command: { _, files, folder, _ in
                template.replacingOccurrences(of: "{folder}", with: shellQuoted(folder))
                    .replacingOccurrences(of: "{files}", with: files.map(shellQuoted).joined(separator: " "))
            })
    }

    /// `text` quoted for sh.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
