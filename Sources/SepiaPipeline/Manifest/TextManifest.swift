/// Reads the entries of a plain text manifest: one URL or path a line.
///
/// Lines are trimmed; blank lines and lines starting with `#` are skipped. Entries carry no names;
/// `EntryNaming` derives them from the URLs.
enum TextManifest {
    /// The entries of `text`, in the order of its lines (LF, CRLF or CR line ends).
    static func entries(in text: String) -> [RawManifestEntry] {
        text.utf8.split { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }.compactMap { bytes in
            let line = Substring(bytes).trimmingWhiteSpace()
            guard !line.isEmpty, !line.hasPrefix("#") else { return nil }
            return RawManifestEntry(name: nil, reference: .text(String(line)))
        }
    }
}
