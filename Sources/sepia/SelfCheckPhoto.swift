import Foundation
import SepiaDemoContent
import SepiaImaging
import SepiaPipeline

/// A check of the pipeline that did not hold, or a step that failed.
struct SelfCheckFailure: Error, CustomStringConvertible {
    let description: String
}

/// The check of one generated photo: generate it, write it as JPEG and PNG, then load both
/// through the pipeline and compare, and export the sepia, grayscale and thumbnail versions.
struct SelfCheckPhoto {
    /// The thumbnail box of the scaled decode and the resize.
    static let thumbnailBox = PixelSize(width: 320, height: 240)

    /// The least peak signal-to-noise ratio of a sound JPEG round trip at quality 85, in dB.
    /// Small generated photos carry more detail per pixel: their round trips measured
    /// 28.4-29.6 dB at 64x48, 30.3-32.1 at 160x120 and 33.5-34.6 at 640x480. Broken ones
    /// measured far lower at 64x48: 22.4 dB shifted by one pixel, 17.4 grey, 16.2 mirrored,
    /// 14.8 with red and blue swapped.
    static let leastJPEGRoundTripPSNR = 25.0

    let index: Int
    let size: PixelSize
    let folder: URL
    let pipeline: PhotoPipeline

    private var name: String { "Photo \(index)" }

    private func file(_ suffix: String) -> URL {
        folder.appendingPathComponent(name + suffix, isDirectory: false)
    }

    /// Runs the checks and returns a one-line report.
    func run() async throws(SelfCheckFailure) -> String {
        let photo = PhotoGenerator(seed: UInt64(index)).render(width: size.width, height: size.height)
        let jpeg = try step("encode the JPEG") { try ImageEncoder.encode(photo, as: .jpeg(quality: 85)) }
        try step("write the photos") {
            try Data(jpeg).write(to: file(".jpg"), options: .atomic)
            try Data(ImageEncoder.encode(photo, as: .png)).write(to: file(".png"), options: .atomic)
        }
        let unchanged = PhotoProcessing(filter: .none)
        let fromPNG = try await load(pipeline.original(for: PhotoRequest(url: file(".png"), processing: unchanged)), "the PNG")
        guard fromPNG == photo else { throw SelfCheckFailure(description: "PNG round trip changed pixels") }
        let fromJPEG = try await load(pipeline.original(for: PhotoRequest(url: file(".jpg"), processing: unchanged)), "the JPEG")
        let psnr = photo.peakSignalToNoiseRatio(against: fromJPEG)
        guard psnr > Self.leastJPEGRoundTripPSNR else {
            throw SelfCheckFailure(description: "JPEG round trip too lossy: \(psnr.oneDecimal) dB")
        }
        let source = file(".jpg")
        try await export(source, PhotoProcessing(filter: .sepia), as: .jpeg(quality: 90), to: file(" sepia.jpg"))
        try await export(source, PhotoProcessing(filter: .grayscale), as: .jpeg(quality: 90), to: file(" grayscale.jpg"))
        let thumbnail = file(" thumbnail.png")
        try await export(source, PhotoProcessing(filter: .sepia, fitting: Self.thumbnailBox), as: .png, to: thumbnail)
        let thumbnailSize = try step("read the thumbnail") { try ImageDecoder.decode(Data(contentsOf: thumbnail)).image.size }
        guard thumbnailSize == photo.size.aspectFit(in: Self.thumbnailBox) else {
            throw SelfCheckFailure(description: "thumbnail is \(thumbnailSize), not fitted to \(Self.thumbnailBox)")
        }
        return "JPEG \(jpeg.count / 1024) KB at \(psnr.oneDecimal) dB, PNG lossless, "
            + "sepia, grayscale and a \(thumbnailSize) thumbnail written"
    }

    private func load(_ task: PhotoTask<RGBAImage>, _ what: String) async throws(SelfCheckFailure) -> RGBAImage {
        do {
            return try await task.value
        } catch {
            throw SelfCheckFailure(description: "cannot load \(what): \(error)")
        }
    }

    private func export(_ source: URL, _ processing: PhotoProcessing, as format: ImageEncodingFormat, to file: URL)
        async throws(SelfCheckFailure)
    {
        let request = PhotoRequest(url: source, processing: processing)
        let written: Result<URL, PhotoError>
        do {
            written = try await pipeline.export(request, as: format, to: [file]).value.files[0]
        } catch {
            written = .failure(error)
        }
        if case .failure(let error) = written {
            throw SelfCheckFailure(description: "cannot write \(file.lastPathComponent): \(error)")
        }
    }

    private func step<Value>(_ what: String, _ body: () throws -> Value) throws(SelfCheckFailure) -> Value {
        do {
            return try body()
        } catch {
            throw SelfCheckFailure(description: "cannot \(what): \(error)")
        }
    }
}
