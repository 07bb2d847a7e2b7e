import ArgumentParser
import CSepiaCodecs
import CSepiaReference
import Foundation
import SepiaDemoContent
import SepiaImaging

/// TIFF, AVIF and HEIC decoding through Sepia next to libtiff and libheif called straight from
/// C, and the AVIF encoder's speed settings, on a generated photo.
struct FormatsBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formats",
        abstract: "TIFF, AVIF and HEIC decode against libtiff and libheif from C; AVIF encode speeds."
    )

    @Option(help: "Width of the generated photo in pixels.")
    var width = 1600

    @Option(help: "Height of the generated photo in pixels.")
    var height = 1200

    @Option(help: "Timed rounds per measurement (the median is reported).")
    var rounds = 9

    @Option(help: "A HEIC file to decode too (this benchmark cannot write HEVC itself).")
    var heic: String?

    func run() throws {
        ImageMemory.keepFreedBuffers()  // as `sepia process` does: no page faults on every new image
        let photo = PhotoGenerator(seed: 42).render(width: width, height: height)
        let megapixels = Double(photo.pixelCount) / 1e6
        print(
            "Sepia formats benchmark: \(width)x\(height) (\(String(format: "%.1f", megapixels)) MP), "
                + "\(rounds) rounds, \(ProcessInfo.processInfo.activeProcessorCount) cores, median MP/s (min-max)")
        var report = Report()
        for (label, compression): (String, Int32) in [("uncompressed", 1), ("LZW", 5), ("Deflate", 8)] {
            let tiff = try Self.tiff(photo, compression: compression)
            measureTIFF(tiff, label: label, megapixels: megapixels, into: &report)
        }
        let avif = try ImageEncoder.encode(photo, as: .avif())
        measureHEIF(avif, label: "AVIF", megapixels: megapixels, into: &report)
        if let heic {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: heic)))
            let size = try ImageDecoder.decode(bytes).image
            measureHEIF(bytes, label: "HEIC", megapixels: Double(size.pixelCount) / 1e6, into: &report)
        }
        report.printTable()
        for label in ["uncompressed", "LZW", "Deflate"] {
            report.printRatio(
                "TIFF \(label): Sepia / libtiff strips from C", "TIFF \(label) decode, Sepia",
                over: "TIFF \(label) decode, libtiff strips from C")
            report.printRatio(
                "TIFF \(label): Sepia / TIFFReadRGBAImage from C", "TIFF \(label) decode, Sepia",
                over: "TIFF \(label) decode, TIFFReadRGBAImage from C")
        }
        for label in ["AVIF", "HEIC"] {
            report.printRatio("\(label): Sepia / libheif from C", "\(label) decode, Sepia", over: "\(label) decode, libheif from C")
        }
        measureAVIFEncoding(photo)
    }

    private func measureTIFF(_ tiff: [UInt8], label: String, megapixels: Double, into report: inout Report) {
        report.add(
            Measurement.run("TIFF \(label) decode, Sepia", megapixels: megapixels, rounds: rounds) {
                _ = try? ImageDecoder.decode(tiff)
            })
        report.add(
            Measurement.run("TIFF \(label) decode, libtiff strips from C", megapixels: megapixels, rounds: rounds) {
                Self.referenceTIFF(tiff, width: width, height: height, decode: sepia_reference_decode_tiff_strips)
            })
        report.add(
            Measurement.run("TIFF \(label) decode, TIFFReadRGBAImage from C", megapixels: megapixels, rounds: rounds) {
                Self.referenceTIFF(tiff, width: width, height: height, decode: sepia_reference_decode_tiff_rgba)
            })
    }

    private func measureHEIF(_ bytes: [UInt8], label: String, megapixels: Double, into report: inout Report) {
        report.add(
            Measurement.run("\(label) decode, Sepia", megapixels: megapixels, rounds: rounds) {
                _ = try? ImageDecoder.decode(bytes)
            })
        report.add(
            Measurement.run("\(label) decode, libheif from C", megapixels: megapixels, rounds: rounds) {
                var decodedWidth: Int32 = 0
                var decodedHeight: Int32 = 0
                let status = sepia_reference_decode_heif(bytes, bytes.count, &decodedWidth, &decodedHeight)
                precondition(status == 0, "the reference HEIF decoder failed")
            })
    }

    /// Seconds and bytes of one AVIF encode at each aom speed, once each (encoding is slow).
    private func measureAVIFEncoding(_ photo: RGBAImage) {
        print("  AVIF encode (libheif + aom, quality \(ImageEncodingFormat.defaultAVIFQuality)), one run each:")
        for speed in [6, 7, 8, 9] {
            let clock = ContinuousClock()
            var bytes = 0
            let elapsed = clock.measure {
                bytes = Self.avifSize(photo, quality: ImageEncodingFormat.defaultAVIFQuality, speed: speed)
            }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            print("    speed \(speed): \(String(format: "%.2f", seconds)) s, \(bytes) bytes")
        }
    }

    /// The size of `photo` as AVIF at aom speed `speed`, through the shim Sepia's encoder calls
    /// (which always uses speed 8).
    private static func avifSize(_ photo: RGBAImage, quality: Int, speed: Int) -> Int {
        var output = sepia_encoded_data()
        var diagnostics = sepia_diagnostics()
        defer { sepia_encoded_data_free(&output) }
        let status = photo.pixels.withUnsafeBufferPointer { pixels in
            sepia_heif_encode_avif(
                pixels.baseAddress, UInt32(photo.width), UInt32(photo.height), photo.bytesPerRow, Int32(quality), Int32(speed), false, nil,
                &output, &diagnostics)
        }
        precondition(status == SEPIA_STATUS_OK, "AVIF encoding failed")
        return output.length
    }

    /// `photo` as a striped TIFF (`compression` is libtiff's number), through a temporary file.
    private static func tiff(_ photo: RGBAImage, compression: Int32) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-bench-\(UUID().uuidString).tif").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let status = photo.pixels.withUnsafeBufferPointer { pixels in
            sepia_reference_write_tiff(path, pixels.baseAddress, Int32(photo.width), Int32(photo.height), compression)
        }
        precondition(status == 0, "libtiff could not write the benchmark's TIFF")
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Decodes into a fresh buffer each time, as Sepia must (its images own their pixels).
    private static func referenceTIFF(
        _ tiff: [UInt8], width: Int, height: Int,
        decode: (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?, Int32, Int32) -> Int32
    ) {
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height * 4)
        defer { output.deallocate() }
        let status = decode(tiff, tiff.count, output, Int32(width), Int32(height))
        precondition(status == 0, "the reference TIFF decoder failed")
    }
}
