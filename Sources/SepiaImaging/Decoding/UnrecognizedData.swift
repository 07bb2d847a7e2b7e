/// Says in a few words what bytes that are no image format Sepia decodes seem to be, for error
/// messages: a download that returns an HTML error page should say so.
enum UnrecognizedData {
    /// Magic numbers of formats Sepia does not decode, with a name for each.
    private static let knownSignatures: [(offset: Int, bytes: [UInt8], name: String)] = [
        (4, Array("ftyp".utf8), "an ISO media file such as an MP4 video"),
        (0, Array("%PDF".utf8), "a PDF document"),
        (0, Array("PK".utf8) + [3, 4], "a ZIP archive"),
        (0, [0x1F, 0x8B], "gzip-compressed data"),
    ]

    /// How many leading bytes are shown for data that is not recognised at all.
    private static let shownByteCount = 8

    private static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// A description such as "an HTML page" or "bytes 00 01 02 03".
    static func describe(_ bytes: UnsafeRawBufferPointer) -> String {
        for signature in knownSignatures where bytes.dropFirst(signature.offset).starts(with: signature.bytes) {
            return signature.name
        }
        var text = bytes.prefix(256)
        if text.starts(with: utf8ByteOrderMark) { text = text.dropFirst(utf8ByteOrderMark.count) }
        text = text.drop(while: isWhitespace)
        if text.first == UInt8(ascii: "<") {
            let opening = String(decoding: text.prefix(64), as: UTF8.self).lowercased()
            return opening.contains("html") ? "an HTML page" : "XML or HTML text"
        }
        if !text.isEmpty && text.allSatisfy({ (0x20...0x7E).contains($0) || isWhitespace($0) }) {
            return "plain text"
        }
        let shown = bytes.prefix(shownByteCount).map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return byte < 0x10 ? "0" + digits : digits
        }
        return "bytes " + shown.joined(separator: " ")
    }
}
