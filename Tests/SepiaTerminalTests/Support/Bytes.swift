import Foundation

/// The UTF-8 bytes of `text`, for writing escape sequences in tests as "\u{1B}[A".
func bytes(_ text: String) -> [UInt8] {
    Array(text.utf8)
}

/// Renders bytes with ESC shown as "␛", so failing escape-sequence comparisons are readable.
func readable(_ output: [UInt8]) -> String {
    String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "␛")
}
