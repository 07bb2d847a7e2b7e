public import Foundation

extension ImageFormat {
    /// The format `bytes` claim to be: the one whose magic number they start with
    /// (``init(detecting:)``), or else one whose signature they start like but which is damaged
    /// further on. Such data is an image that failed, to be reported with its format's reason,
    /// never a document of another kind (a manifest).
    ///
    /// Accepts `[UInt8]`, `Data` or any other contiguous bytes without copying them.
    public init?<Bytes: ContiguousBytes>(claimedBy bytes: Bytes) {
        guard let format = bytes.withUnsafeBytes(ImageFormat.claimed) else { return nil }
        self = format
    }

    /// The format whose magic number starts `bytes`, or else the one whose signature they start
    /// like: JPEG's SOI marker (FF D8), PNG's "\u{89}PNG" (neither byte begins UTF-8 text), or
    /// "BM" and "GIF8" followed, within the file header, by a control character, which no text
    /// has (so a list of URLs whose first line starts "BM" stays a list).
    static func claimed(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        if let format = detect(bytes) { return format }
        if bytes.starts(with: [0xFF, 0xD8]) { return .jpeg }
        if bytes.starts(with: pngSignature.prefix(4)) { return .png }
        if bytes.starts(with: Array("BM".utf8)), bytes.prefix(18).contains(where: isControlCharacter) { return .bmp }
        if bytes.starts(with: Array("GIF8".utf8)), bytes.prefix(13).contains(where: isControlCharacter) { return .gif }
        return nil
    }

    /// A C0 control character other than white space (tab, line feed, form feed, carriage
    /// return), or DEL.
    private static func isControlCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x09, 0x0A, 0x0C, 0x0D: false
        case 0x00..<0x20, 0x7F: true
        default: false
        }
    }
}
