/// The bodies of the deliberately broken entries that are not photos.
enum BrokenPayloads {
    /// A JPEG that starts well (SOI and a JFIF APP0 segment) and then holds only garbage:
    /// no frame header, no scan and no 0xFF byte, so no decoder can find an image in it.
    static func corruptJPEG(seed: UInt64, length: Int = 4096) -> [UInt8] {
        let header: [UInt8] = [
            0xFF, 0xD8,  // SOI
            0xFF, 0xE0, 0x00, 0x10,  // APP0, 16 bytes
            0x4A, 0x46, 0x49, 0x46, 0x00,  // "JFIF\0"
            0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,  // v1.1, aspect 1:1, no thumbnail
        ]
        let garbage = (0..<max(length - header.count, 0)).map { index in
            UInt8(truncatingIfNeeded: SeedMixer.mix(seed, UInt64(index)) % 0xFF)
        }
        return header + garbage
    }

    /// An HTML page of the kind a captive portal or a misconfigured server returns.
    static let htmlPage = Array(
        """
        <!DOCTYPE html>
        <html>
        <head><title>Photo unavailable</title></head>
        <body>
        <h1>This is not a photo</h1>
        <p>The demo server sends this page with <code>Content-Type: image/jpeg</code> on purpose.</p>
        </body>
        </html>

        """.utf8
    )
}
