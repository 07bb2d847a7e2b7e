/// Says in a few words what bytes that are neither JPEG nor PNG seem to be, for error messages:
/// a download that returns an HTML error page should say so.
enum UnrecognizedData {
    /// Magic numbers of formats Sepia does not decode, with a name for each.
    private static let knownSignatures: [(offset: Int, bytes: [UInt8], name: String)] = [
        (0, Array("GIF8".utf8), "a GIF image"),
        (8, Array("WEBP".utf8), "a WebP image"),
        (4, Array("ftyp".utf8), "an ISO media file such as HEIC or AVIF"),
        (0, [0x49, 0x49, 0x2A, 0x00], "a TIFF image"),
        (0, [0x4D, 0x4D, 0x00, 0x2A], "a TIFF image"),
        (0, Array("BM".utf8), "a BMP image"),
        (0, Array("%PDF".utf8), "a PDF document"),
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
