import Foundation

/// Base64 as manifests write it: the standard alphabet or the URL-safe one (`-` and `_`), with
/// or without `=` padding.
enum Base64Text {
    /// The bytes of `text`, or nil when it is not base64 (white space included).
    static func decode(_ text: String) -> Data? {
        var standard = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        switch standard.utf8.count % 4 {
        case 2: standard += "=="
        case 3: standard += "="
        default: break
        }
        return Data(base64Encoded: standard)
    }
}
