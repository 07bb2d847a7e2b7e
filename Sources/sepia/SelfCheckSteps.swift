import Foundation
import SepiaImaging
import SepiaOperations

/// The operations that check one generated photo: generate → encode → decode and compare →
/// sepia, resize and save. Each step depends on the one before and reads its result.
struct SelfCheckSteps {
    /// The photo's name, also the stem of its output files.
    let name: String
    /// All the steps, to add to a queue together.
    let operations: [Operation]
    /// The last step; its value is a one-line report.
    let last: TransformOperation<Encoded, String>

    /// A generated photo and its JPEG and PNG encodings.
    struct Encoded: Sendable {
        let photo: RGBAImage
        let jpeg: [UInt8]
        let png: [UInt8]
    }

    /// A check of the pipeline that did not hold.
    struct CheckFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// The thumbnail box the scaled decode and the resize aim at.
    static let thumbnailBox = PixelSize(width: 320, height: 240)

    init(index: Int, size: PixelSize, folder: URL) {
        let name = "Photo \(index)"
        let generate = BlockResultOperation { check in
            try check.throwIfCancelled()
            return PhotoGenerator(seed: UInt64(index)).render(width: size.width, height: size.height)
        }
        let encode = TransformOperation(input: generate) { photo, check in
            let jpeg = try ImageEncoder.encode(photo, as: .jpeg(quality: 85))
            try check.throwIfCancelled()
            return Encoded(photo: photo, jpeg: jpeg, png: try ImageEncoder.encode(photo, as: .png))
        }
        let process = TransformOperation(input: encode) { encoded, check in
            try Self.process(encoded, name: name, folder: folder, check: check)
        }
        self.name = name
        operations = [generate, encode, process]
        last = process
    }

    /// Decodes both encodings and checks them, then filters, resizes and saves the photo.
    private static func process(_ encoded: Encoded, name: String, folder: URL, check: CancellationCheck) throws -> String {
        let decoded = try ImageDecoder.decode(encoded.jpeg).image
        let psnr = encoded.photo.peakSignalToNoiseRatio(against: decoded)
        guard psnr > 30 else { throw CheckFailed(description: "JPEG round trip too lossy: \(psnr) dB") }
        guard try ImageDecoder.decode(encoded.png).image == encoded.photo else {
            throw CheckFailed(description: "PNG round trip changed pixels")
        }
        try check.throwIfCancelled()
        let scaled = try ImageDecoder.decode(encoded.jpeg, options: ImageDecodingOptions(targetSize: thumbnailBox))
        let thumbnail = scaled.image.applying(.sepia()).resized(toFit: thumbnailBox)
        let sepia = decoded.applying(.sepia())
        let grayscale = decoded.applying(.grayscale)
        try check.throwIfCancelled()
        try Data(encoded.png).write(to: folder.appendingPathComponent("\(name).png"), options: .atomic)
        try Data(ImageEncoder.encode(sepia, as: .jpeg(quality: 90)))
            .write(to: folder.appendingPathComponent("\(name) sepia.jpg"), options: .atomic)
        try Data(ImageEncoder.encode(grayscale, as: .jpeg(quality: 90)))
            .write(to: folder.appendingPathComponent("\(name) grayscale.jpg"), options: .atomic)
        try Data(ImageEncoder.encode(thumbnail, as: .png))
            .write(to: folder.appendingPathComponent("\(name) thumbnail.png"), options: .atomic)
        return "JPEG \(encoded.jpeg.count / 1024) KB at \(String(format: "%.1f", psnr)) dB, "
            + "PNG lossless, thumbnail decoded at 1/\(scaled.scaleDenominator) "
            + "(\(scaled.image.size)) and fitted to \(thumbnail.size)"
    }
}
