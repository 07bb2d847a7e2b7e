import Foundation
import SepiaTerminal

/// Writes `sepia: ` and `message` as one line on standard error. Messages quote names, file
/// names, URLs and settings from outside, so the message is made safe for a terminal first
/// (``TerminalSafeText``): no escape sequence or line break in it reaches the terminal.
func printErrorLine(_ message: String) {
    FileHandle.standardError.write(Data("sepia: \(TerminalSafeText.make(message))\n".utf8))
}
