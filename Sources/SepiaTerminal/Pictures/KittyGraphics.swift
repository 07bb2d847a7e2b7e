import Foundation
public import SepiaImaging

/// Pictures through the kitty graphics protocol, shown with Unicode placeholders (kitty
/// graphics protocol docs, "Unicode placeholders"): the image is sent once with a virtual
/// placement, and then drawn wherever cells hold placeholder characters coloured with its
/// id. Placeholders are ordinary text, so the frame renderer moves, diffs and clips them
/// like any other cell. They need 24-bit colour (`ColorMode.trueColor`) and kitty 0.28 or
/// later (the first with placeholders).
public enum KittyGraphics {
    /// The largest base64 payload of one escape sequence, from the protocol docs.
    static let chunkSize = 4096

    /// The most rows or columns an image can span: the number of placeholder diacritics.
    public static var maximumCells: Int { KittyPlaceholder.diacritics.count }

    /// The escape sequences that send `image` under `id` and create a virtual placement of
    /// `columns` × `rows` cells for it (the terminal fits the image into that rectangle,
    /// keeping its aspect ratio).
    ///
    /// The image goes as a PNG file (`f=100`; raw RGBA, `f=32`, when the encoder fails), its
    /// base64 in chunks of at most 4096 bytes: the first sequence carries every key
    /// (`a=T,f=…,i=…,U=1,c=…,r=…,q=2`), the others only `m` and `q`, and `m=1` marks all
    /// chunks but the last. `q=2` keeps the terminal from answering on the input, where its
    /// replies would look like keys.
    /// - Precondition: `id` is not 0, and `columns` and `rows` are between 1 and
    ///   `maximumCells`.
    public static func transmit(_ image: RGBAImage, id: UInt32, columns: Int, rows: Int) -> [UInt8] {
        precondition(id != 0, "kitty image ids start at 1")
        precondition((1...maximumCells).contains(columns) && (1...maximumCells).contains(rows), "placement size out of range")
        let data = imageData(image)
        return chunkedCommands(keys: "a=T,\(data.format),i=\(id),U=1,c=\(columns),r=\(rows),q=2", payload: data.payload)
    }

    /// `image` as the protocol takes it: a PNG file (`f=100`), a third to a half of raw RGBA's
    /// bytes for photos, or raw RGBA (`f=32` with its size) when the encoder fails.
    static func imageData(_ image: RGBAImage) -> (format: String, payload: [UInt8]) {
        guard let png = try? ImageEncoder.encode(image, as: .png) else {
            return ("f=32,s=\(image.width),v=\(image.height)", packedPixels(of: image))
        }
        return ("f=100", png)
    }

    /// The first command carries `keys`, every command up to 4096 base64 bytes of `data` with
    /// `m=1` on all but the last, and the later ones only `m` and `q=2`.
    static func chunkedCommands(keys: String, payload data: [UInt8]) -> [UInt8] {
        let payload = Array(Data(data).base64EncodedData())
        var output: [UInt8] = []
        var start = 0
        repeat {
            let end = min(start + chunkSize, payload.count)
            let more = end < payload.count ? 1 : 0
            let control = start == 0 ? "\(keys),m=\(more)" : "m=\(more),q=2"
            output += graphicsCommand(control, payload: payload[start..<end])
            start = end
        } while start < payload.count
        return output
    }

    /// The escape sequence that deletes image `id` with its placements and frees its data
    /// (`a=d,d=I`), quietly.
    public static func delete(id: UInt32) -> [UInt8] {
        graphicsCommand("a=d,d=I,i=\(id),q=2", payload: [])
    }

    /// The placeholder cells that show image `id` over `columns` × `rows` cells: each holds
    /// U+10EEEE with the row and column diacritics (and the id's top byte as a third one when
    /// it is not 0), in a foreground colour that is the id's low 24 bits (red bits 16–23,
    /// green 8–15, blue 0–7).
    /// - Precondition: `columns` and `rows` are between 0 and `maximumCells`.
    public static func placeholderCells(id: UInt32, columns: Int, rows: Int) -> [[Cell]] {
        precondition((0...maximumCells).contains(columns) && (0...maximumCells).contains(rows), "placement size out of range")
        let color = RGB(UInt8(truncatingIfNeeded: id >> 16), UInt8(truncatingIfNeeded: id >> 8), UInt8(truncatingIfNeeded: id))
        let style = CellStyle(foreground: .rgb(color))
        let topByte = Int(id >> 24)
        return (0..<rows).map { row in
            (0..<columns).map { column in
                Cell(text: KittyPlaceholder.text(row: row, column: column, mostSignificantByte: topByte), style: style)
            }
        }
    }

    /// ESC _ G control ; payload ESC \ (an APC sequence); the ";" only with a payload.
    static func graphicsCommand(_ control: String, payload: ArraySlice<UInt8>) -> [UInt8] {
        var bytes: [UInt8] = [ControlSequence.escape, UInt8(ascii: "_"), UInt8(ascii: "G")] + Array(control.utf8)
        if !payload.isEmpty {
            bytes.append(UInt8(ascii: ";"))
            bytes += payload
        }
        bytes += [ControlSequence.escape, UInt8(ascii: "\\")]
        return bytes
    }

    /// The pixel bytes row after row with no padding, as `f=32` expects.
    static func packedPixels(of image: RGBAImage) -> [UInt8] {
        let rowLength = image.width * RGBAImage.bytesPerPixel
        guard image.bytesPerRow != rowLength else { return image.pixels }
        return (0..<image.height).flatMap { row in
            image.pixels[row * image.bytesPerRow..<row * image.bytesPerRow + rowLength]
        }
    }
}
