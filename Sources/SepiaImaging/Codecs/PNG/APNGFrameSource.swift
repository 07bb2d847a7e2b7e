/// Every frame of an APNG (APNG specification, https://wiki.mozilla.org/APNG_Specification).
///
/// Debian's libpng has no APNG support, so each frame is handed to libpng as a PNG of its own:
/// the file's IHDR with the frame's size, the colour chunks before the image data (PLTE, tRNS,
/// gAMA, cHRM, sRGB, iCCP, sBIT), the frame's `IDAT` chunks, or its `fdAT` chunks (CRC checked)
/// turned into `IDAT` ones, and IEND; `ImageDecoder` decodes it to sRGB, and the frame is drawn on
/// the canvas as its `fcTL` says. Chunks are read as frames are asked for, so the file is walked
/// once to count them and once to decode them. Holds four canvases: its own, the one handed out,
/// a copy for frames disposed of by "previous", and the decoded frame (never larger than the
/// canvas), with a frame's PNG (never larger than the file).
final class APNGFrameSource: AnimationFrameSource {
    let summary: AnimationSummary
    private let bytes: UnsafeRawBufferPointer
    private let header: Range<Int>
    private let colorChunks: [Range<Int>]
    private let frameOptions: ImageDecodingOptions
    private var cursor: PNGChunkCursor
    private var canvas: RGBAImage
    private var saved: [UInt8] = []
    private var last: APNGFrameControl?

    private static let (ihdr, actl, fctl, idat, fdat, iend) = (
        PNGChunk.type("IHDR"), PNGChunk.type("acTL"), PNGChunk.type("fcTL"), PNGChunk.type("IDAT"), PNGChunk.type("fdAT"),
        PNGChunk.type("IEND")
    )
    private static let copiedChunks: Set<UInt32> = Set(
        [
            PNGChunk.type("PLTE"), PNGChunk.type("tRNS"), PNGChunk.type("gAMA"), PNGChunk.type("cHRM"), PNGChunk.type("sRGB"),
            PNGChunk.type("iCCP"), PNGChunk.type("sBIT"),
        ])

    /// Nil for a PNG without an `acTL` chunk before its image data, which is no animation.
    init?(_ bytes: UnsafeRawBufferPointer, options: ImageDecodingOptions, limits: AnimationLimits) throws {
        var cursor = PNGChunkCursor(bytes)
        guard let first = try cursor.next(), first.type == Self.ihdr, first.data.count == 13 else {
            throw ImageDecodingError.corrupt(format: .png, reason: "the file does not start with an IHDR chunk")
        }
        let size = PixelSize(
            width: Int(cursor.uint32(at: first.data.lowerBound)), height: Int(cursor.uint32(at: first.data.lowerBound + 4)))
        var plays: Int?
        var colorChunks: [Range<Int>] = []
        while let chunk = try cursor.next(), chunk.type != Self.idat, chunk.type != Self.iend {
            if chunk.type == Self.actl, chunk.data.count == 8 { plays = Int(cursor.uint32(at: chunk.data.lowerBound + 4)) }
            if Self.copiedChunks.contains(chunk.type) { colorChunks.append(chunk.range) }
        }
        guard let plays else { return nil }
        try options.checkPixelLimit(width: size.width, height: size.height)
        let (frames, framePixels) = try Self.countFrames(bytes, canvas: size, limit: limits.frameLimit)
        guard frames > 0 else { throw ImageDecodingError.corrupt(format: .png, reason: "the animation has no fcTL chunk") }
        summary = try .admitted(
            .png, canvasSize: size, frameCount: frames, framePixels: framePixels, loopCount: plays, holding: 4, plus: 2 * bytes.count,
            options: options, limits: limits)
        self.bytes = bytes
        self.header = first.range
        self.colorChunks = colorChunks
        self.cursor = PNGChunkCursor(bytes)
        var frameOptions = options
        frameOptions.targetSize = nil
        frameOptions.memoryAdmission = nil
        frameOptions.appliesEXIFOrientation = false
        self.frameOptions = frameOptions
        canvas = RGBAImage(width: size.width, height: size.height, red: 0, green: 0, blue: 0, alpha: 0)
    }

    /// Whether the PNG has an `acTL` chunk before its image data and more than one good `fcTL`
    /// chunk, as opening it would count them.
    static func holdsFrames(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var cursor = PNGChunkCursor(bytes)
        guard let first = try? cursor.next(), first.type == ihdr, first.data.count == 13 else { return false }
        let size = PixelSize(
            width: Int(cursor.uint32(at: first.data.lowerBound)), height: Int(cursor.uint32(at: first.data.lowerBound + 4)))
        while let chunk = try? cursor.next(), chunk.type != idat, chunk.type != iend {
            if chunk.type == actl, chunk.data.count == 8 { return ((try? countFrames(bytes, canvas: size, limit: 1))?.0 ?? 0) > 1 }
        }
        return false
    }

    /// The `fcTL` chunks of the file, up to `limit` + 1, and the pixels of their rectangles; a
    /// chunk that runs past the end stops the count (decoding that frame says so).
    private static func countFrames(_ bytes: UnsafeRawBufferPointer, canvas: PixelSize, limit: Int) throws -> (Int, UInt64) {
        var cursor = PNGChunkCursor(bytes)
        var (count, pixels) = (0, UInt64(0))
        while count <= limit, let chunk = try? cursor.next(), chunk.type != iend {
            guard chunk.type == fctl else { continue }
            let control = try APNGFrameControl(chunk, in: cursor, canvas: canvas)
            count += 1
            pixels += UInt64(control.width * control.height)
        }
        return (count, pixels)
    }

    func nextFrame() throws -> (image: RGBAImage, storedDuration: Int)? {
        var control: APNGFrameControl?
        while control == nil {
            guard let chunk = try cursor.next(), chunk.type != Self.iend else { return nil }
            if chunk.type == Self.fctl { control = try APNGFrameControl(chunk, in: cursor, canvas: summary.canvasSize) }
        }
        guard let control else { return nil }
        let frame = try ImageDecoder.decode(framePNG(for: control), options: frameOptions).image
        // `draw` writes the frame's rows into the canvas: it must be the rectangle's size.
        guard frame.width == control.width, frame.height == control.height else {
            throw ImageDecodingError.corrupt(format: .png, reason: "a frame decoded to \(frame.size), not its fcTL's size")
        }
        disposeOfLast()
        draw(frame, as: control)
        last = control
        return (canvas, control.delay)
    }

    /// The frame's own PNG: the header with its size, the colour chunks, its image data as IDAT
    /// chunks (the data chunks right after the cursor), and IEND.
    private func framePNG(for control: APNGFrameControl) throws -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = Array(bytes[self.header.lowerBound + 8..<self.header.upperBound - 4])
        Self.write(UInt32(control.width), into: &header, at: 0)
        Self.write(UInt32(control.height), into: &header, at: 4)
        Self.appendChunk("IHDR", header, to: &png)
        for chunk in colorChunks { png += bytes[chunk] }
        var dataChunks = 0
        while true {
            let start = cursor.offset
            guard let chunk = try cursor.next(), chunk.type == Self.idat || chunk.type == Self.fdat else {
                cursor.offset = start
                break
            }
            dataChunks += 1
            if chunk.type == Self.idat {
                png += bytes[chunk.range]
            } else {
                guard chunk.data.count >= 4, cursor.hasValidCRC(chunk) else {
                    throw ImageDecodingError.corrupt(format: .png, reason: "an fdAT chunk is too short or fails its CRC")
                }
                Self.appendChunk("IDAT", bytes[(chunk.data.lowerBound + 4)..<chunk.data.upperBound], to: &png)
            }
        }
        guard dataChunks > 0 else {
            throw cursor.offset >= bytes.count
                ? ImageDecodingError.truncated(format: .png)
                : ImageDecodingError.corrupt(format: .png, reason: "a frame's fcTL chunk is followed by no image data")
        }
        Self.appendChunk("IEND", [UInt8](), to: &png)
        return png
    }

    /// Applies the last frame's disposal to its rectangle; the first frame's "previous" means
    /// "background", as the specification says.
    private func disposeOfLast() {
        guard let last, last.disposal != .none else { return }
        let restoring = last.disposal == .previous && !saved.isEmpty
        let rowBytes = last.width * RGBAImage.bytesPerPixel
        let bytesPerRow = canvas.bytesPerRow
        canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            for row in last.y..<(last.y + last.height) {
                let start = row * bytesPerRow + last.x * RGBAImage.bytesPerPixel
                if restoring {
                    saved.withUnsafeBufferPointer { copy in
                        pixels.baseAddress!.advanced(by: start).update(from: copy.baseAddress!.advanced(by: start), count: rowBytes)
                    }
                } else {
                    pixels.baseAddress!.advanced(by: start).update(repeating: 0, count: rowBytes)
                }
            }
        }
    }

    /// Draws `frame` at its place, keeping what it covers first when it will be disposed of by
    /// "previous".
    private func draw(_ frame: RGBAImage, as control: APNGFrameControl) {
        if control.disposal == .previous { saved = canvas.pixels }
        let bytesPerRow = canvas.bytesPerRow
        canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            frame.pixels.withUnsafeBufferPointer { source in
                for row in 0..<control.height {
                    let to = pixels.baseAddress!.advanced(by: (control.y + row) * bytesPerRow + control.x * RGBAImage.bytesPerPixel)
                    let from = source.baseAddress!.advanced(by: row * frame.bytesPerRow)
                    if control.blend == .source {
                        to.update(from: from, count: control.width * RGBAImage.bytesPerPixel)
                    } else {
                        for pixel in 0..<control.width { Self.composite(from + pixel * 4, over: to + pixel * 4) }
                    }
                }
            }
        }
    }

    /// Straight-alpha "over" (Porter-Duff), as the specification's `APNG_BLEND_OP_OVER` asks,
    /// rounded to the nearest 8-bit value.
    private static func composite(_ source: UnsafePointer<UInt8>, over target: UnsafeMutablePointer<UInt8>) {
        let sourceAlpha = UInt32(source[3])
        if sourceAlpha == 255 {
            target.update(from: source, count: 4)
            return
        }
        guard sourceAlpha > 0 else { return }
        let targetWeight = UInt32(target[3]) * (255 - sourceAlpha)
        let alpha = sourceAlpha * 255 + targetWeight
        for channel in 0..<3 {
            let sum = UInt32(source[channel]) * sourceAlpha * 255 + UInt32(target[channel]) * targetWeight
            target[channel] = UInt8((sum + alpha / 2) / alpha)
        }
        target[3] = UInt8((alpha + 127) / 255)
    }

    private static func write(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index)) }
    }

    private static func appendChunk(_ type: StaticString, _ data: some Collection<UInt8>, to png: inout [UInt8]) {
        var length = [UInt8](repeating: 0, count: 4)
        write(UInt32(data.count), into: &length, at: 0)
        let typeBytes = type.withUTF8Buffer { Array($0) }
        png += length
        png += typeBytes
        png += data
        var crc = [UInt8](repeating: 0, count: 4)
        write(PNGCRC.checksum(data, continuing: PNGCRC.checksum(typeBytes)), into: &crc, at: 0)
        png += crc
    }
}
