/// Reads and edits the chunk list of PNG files in tests (PNG specification, section 5.3).
enum PNGChunks {
    /// The chunk types in file order.
    static func types(in png: [UInt8]) -> [String] {
        chunks(in: png).map(\.type)
    }

    /// The data of the first chunk of `type`, or nil.
    static func data(of type: String, in png: [UInt8]) -> [UInt8]? {
        chunks(in: png).first { $0.type == type }.map { Array(png[$0.dataRange]) }
    }

    /// `png` with `chunk` (a whole chunk: length, type, data, CRC) inserted after IHDR.
    static func insertingAfterHeader(_ chunk: [UInt8], into png: [UInt8]) -> [UInt8] {
        let afterHeader = 8 + 4 + 4 + 13 + 4
        return Array(png[..<afterHeader]) + chunk + Array(png[afterHeader...])
    }

    private static func chunks(in png: [UInt8]) -> [(type: String, dataRange: Range<Int>)] {
        var found: [(type: String, dataRange: Range<Int>)] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            let start = offset + 8
            guard start + length + 4 <= png.count else { break }
            found.append((type, start..<start + length))
            offset = start + length + 4
        }
        return found
    }
}
