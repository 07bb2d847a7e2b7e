import Foundation
import SepiaImaging
import SepiaTestSupport

/// ThumbHashes and BlurHashes of a picture, and what the reference Python packages read from
/// them, as those packages make them (PyPI's `thumbhash` and `blurhash`, which `scripts/install-deps` installs
/// into `.venv`): what Sepia's encoders and decoders are compared with.
struct PlaceholderReference: Decodable {
    /// A picture the reference decoded.
    struct Picture: Decodable {
        let width: Int
        let height: Int
        let rgba: [UInt8]

        var image: RGBAImage { RGBAImage(width: width, height: height, pixels: rgba) }
    }

    /// The ThumbHash of the picture, base64; nil for a picture with alpha, which thumbhash 0.1.2
    /// fails on (a tuple where a number should be).
    let thumbhash: String?
    /// Its average colour (red, green, blue, alpha in 0...1), as the package reads the hash.
    /// (The package's own decoder draws a flat wrong colour: its average is what it gets right.)
    let thumbhashAverage: [Double]?
    /// Its approximate aspect ratio, as the package reads the hash.
    let thumbhashAspect: Double?
    /// The BlurHash of the picture with 4×3 components (alpha ignored).
    let blurhash: String
    /// That hash decoded at the size asked for.
    let blurhashImage: Picture

    /// The repository's root: this file is Tests/SepiaImagingTests/Support/PlaceholderReference.swift.
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs the reference on `image` (at most 100×100, as ThumbHash takes it), decoding the
    /// BlurHash at `blurSize`.
    static func of(_ image: RGBAImage, blurSize: PixelSize, in folder: URL) throws -> PlaceholderReference {
        precondition(image.width <= 100 && image.height <= 100 && image.bytesPerRow == image.width * 4)
        let python = repository.appendingPathComponent(".venv/bin/python3")
        guard ExecutableFile.isExecutable(python) else {
            throw DebianTool.Failure(
                description: "\(python.path) is missing: scripts/install-deps installs thumbhash and blurhash (PyPI) into .venv")
        }
        let job = folder.appendingPathComponent("placeholder-job-\(UUID().uuidString).json")
        let fields: [String: Any] = [
            "width": image.width, "height": image.height, "rgba": image.pixels.map(Int.init),
            "blurWidth": blurSize.width, "blurHeight": blurSize.height,
        ]
        try JSONSerialization.data(withJSONObject: fields).write(to: job)
        let result = try CommandRunner.run(python, ["-c", program, job.path], environment: ProcessInfo.processInfo.environment)
        guard result.status == 0 else {
            throw DebianTool.Failure(description: "the reference thumbhash/blurhash packages failed: \(result.errorOutput)")
        }
        // The package prints the aspect ratio as it decodes: the answer is the last line.
        let answer = result.output.split(separator: "\n").last.map(String.init) ?? ""
        return try JSONDecoder().decode(PlaceholderReference.self, from: Data(answer.utf8))
    }

    /// Reads the job, calls the packages, prints the answer as JSON.
    private static let program = """
        import base64, json, sys
        import blurhash, thumbhash
        with open(sys.argv[1]) as f:
            job = json.load(f)
        w, h, rgba = job["width"], job["height"], job["rgba"]
        opaque = all(rgba[i] == 255 for i in range(3, len(rgba), 4))
        th = thumbhash.rgba_to_thumb_hash(w, h, rgba) if opaque else None
        rows = [[rgba[(y * w + x) * 4:(y * w + x) * 4 + 3] for x in range(w)] for y in range(h)]
        bh = blurhash.encode(rows, 4, 3)
        bw, bt = job["blurWidth"], job["blurHeight"]
        decoded = blurhash.decode(bh, bw, bt)
        print(json.dumps({
            "thumbhash": base64.b64encode(bytes(th)).decode() if th else None,
            "thumbhashAverage": list(thumbhash.thumb_hash_to_average_rgba(th)) if th else None,
            "thumbhashAspect": thumbhash.thumb_hash_to_approximate_aspect_ratio(th) if th else None,
            "blurhash": bh,
            "blurhashImage": {"width": bw, "height": bt, "rgba": [int(c) for row in decoded for px in row for c in (px[0], px[1], px[2], 255)]},
        }))
        """
}
