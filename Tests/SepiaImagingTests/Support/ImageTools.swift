import Foundation
import SepiaTestSupport

@testable import SepiaImaging

/// Debian's image tools (cwebp, dwebp, gif2webp, webpmux, img2webp, gifsicle, apngasm, apngdis, convert, tiffcp, tiffset,
/// tiffinfo, avifenc, heif-enc, heif-info, cjxl, djxl) run through
/// `Process` in a folder of their own, to make test files at test time and to check Sepia's
/// output with another decoder. A missing tool is an error that names the Debian package, never
/// a skipped test.
final class ImageTools {
    /// The Debian package of each tool, for the error when one is missing.
    private static let packages = [
        "cwebp": "webp", "dwebp": "webp", "gif2webp": "webp", "webpmux": "webp", "img2webp": "webp",
        "gifsicle": "gifsicle", "apngasm": "apngasm", "apngdis": "apngdis", "convert": "imagemagick", "tiffcp": "libtiff-tools",
        "tiffset": "libtiff-tools",
        "tiffinfo": "libtiff-tools", "avifenc": "libavif-bin", "heif-enc": "libheif-examples",
        "heif-info": "libheif-examples", "cjxl": "libjxl-tools", "djxl": "libjxl-tools", "jxlinfo": "libjxl-tools",
    ]

    /// The working folder, removed with this object.
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-image-tools-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `bytes` as `name` in the folder and returns the name, for tool arguments.
    @discardableResult
    func write(_ bytes: [UInt8], as name: String) throws -> String {
        try Data(bytes).write(to: folder.appendingPathComponent(name))
        return name
    }

    /// Writes `image` losslessly as the PNG `name` (through Sepia's PNG encoder).
    @discardableResult
    func writePNG(_ image: RGBAImage, as name: String) throws -> String {
        try write(ImageEncoder.encode(image, as: .png), as: name)
    }

    /// The bytes of the file `name` in the folder.
    func read(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// Runs `tool` with `arguments` in the folder and returns its standard output; throws when
    /// the tool is missing or exits with a failure.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> [UInt8] {
        [UInt8](try DebianTool.run(tool, arguments, in: folder, package: Self.packages[tool] ?? tool))
    }

    /// Runs `tool` with `arguments` and returns what it printed, as text.
    func text(of tool: String, _ arguments: [String]) throws -> String {
        try DebianTool.text(of: tool, arguments, in: folder, package: Self.packages[tool] ?? tool)
    }

    /// Runs `tool` with `arguments`, which must write the file `output`, and returns its bytes.
    func make(_ output: String, with tool: String, _ arguments: [String]) throws -> [UInt8] {
        try run(tool, arguments)
        return try read(output)
    }

    /// The image another decoder makes of `name`: dwebp for WebP, djxl for JPEG XL (through a
    /// PNG, read by Sepia's PNG decoder), convert otherwise, through PAM (RGBA, 8 bits).
    func decodeWithTool(_ name: String) throws -> RGBAImage {
        let pam = name + ".pam"
        if name.hasSuffix(".jxl") {
            try run("djxl", [name, name + ".png", "--quiet"])
            return try ImageDecoder.decode(read(name + ".png")).image
        } else if name.hasSuffix(".webp") {
            try run("dwebp", [name, "-pam", "-o", pam])
        } else {
            try run("convert", [name, "-alpha", "on", "-depth", "8", "PAM:" + pam])
        }
        return try Self.parsePAM(read(pam))
    }

    /// The frames of the animation `name` as ImageMagick composes them (`-coalesce`: every
    /// frame a whole canvas, disposal applied, a disposed background transparent), through PAM.
    func coalescedFrames(_ name: String) throws -> [RGBAImage] {
        try run("convert", [name, "-coalesce", "-alpha", "on", "-depth", "8", "PAM:" + name + "-%d.pam"])
        var frames: [RGBAImage] = []
        while FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name)-\(frames.count).pam").path) {
            frames.append(try Self.parsePAM(read("\(name)-\(frames.count).pam")))
        }
        return frames
    }

    /// The frames of the APNG `name` as apngdis (APNG Disassembler, Debian's apngdis) composes
    /// them: every frame a whole canvas, blended and disposed of as its fcTL says.
    func disassembledFrames(_ name: String) throws -> [RGBAImage] {
        // apngdis cuts the name it is given at its first dot.
        let prefix = String(name.prefix { $0 != "." }) + "-frame"
        try run("apngdis", [name, prefix])
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(prefix) && $0.hasSuffix(".png") }
        let numbered = files.compactMap { file in Int(file.dropFirst(prefix.count).dropLast(4)).map { ($0, file) } }
        return try numbered.sorted { $0.0 < $1.0 }.map { try ImageDecoder.decode(read($0.1), options: .init(convertsToSRGB: false)).image }
    }

    /// An RGB_ALPHA PAM file (Netpbm's format: a text header ending in ENDHDR, then the samples).
    private static func parsePAM(_ bytes: [UInt8]) throws -> RGBAImage {
        let marker = Array("ENDHDR\n".utf8)
        guard let end = (0...(bytes.count - marker.count)).first(where: { bytes[$0..<$0 + marker.count].elementsEqual(marker) })
        else { throw DebianTool.Failure(description: "not a PAM file") }
        var fields: [String: String] = [:]
        for line in String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let width = fields["WIDTH"].flatMap({ Int($0) }), let height = fields["HEIGHT"].flatMap({ Int($0) }),
            fields["DEPTH"] == "4", fields["MAXVAL"] == "255"
        else { throw DebianTool.Failure(description: "not an 8-bit RGBA PAM file: \(fields)") }
        guard bytes.count - end - marker.count == width * height * 4 else {
            throw DebianTool.Failure(description: "a PAM file of the wrong length")
        }
        return RGBAImage(width: width, height: height, pixels: Array(bytes[(end + marker.count)...]))
    }
}
