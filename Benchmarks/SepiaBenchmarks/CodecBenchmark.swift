import CSepiaReference
import SepiaImaging

/// JPEG decoding through Sepia next to libjpeg-turbo called straight from C, and encoding.
enum CodecBenchmark {
    /// Adds the codec rows for `photo` to `report`.
    static func measure(_ photo: RGBAImage, rounds: Int, into report: inout Report) throws {
        let megapixels = Double(photo.pixelCount) / 1e6
        let jpeg = try ImageEncoder.encode(photo, as: .jpeg(quality: 85))
        for denominator in [1, 4] {
            let box = PixelSize(width: photo.width / denominator, height: photo.height / denominator)
            let options = ImageDecodingOptions(targetSize: denominator == 1 ? nil : box)
            let decoded = try ImageDecoder.decode(jpeg, options: options)
            precondition(decoded.scaleDenominator == denominator, "expected a 1/\(denominator) decode")
            let label = denominator == 1 ? "full size" : "1/\(denominator) scaled"
            report.add(
                Measurement.run("JPEG decode \(label), Sepia", megapixels: megapixels, rounds: rounds) {
                    _ = try? ImageDecoder.decode(jpeg, options: options)
                })
            report.add(
                Measurement.run("JPEG decode \(label), libjpeg-turbo from C", megapixels: megapixels, rounds: rounds) {
                    referenceDecode(jpeg, denominator: denominator)
                })
        }
        report.add(
            Measurement.run("JPEG encode quality 85, Sepia", megapixels: megapixels, rounds: rounds) {
                _ = try? ImageEncoder.encode(photo, as: .jpeg(quality: 85))
            })
    }

    /// Decodes into a fresh buffer each time, as Sepia must (its images own their pixels).
    private static func referenceDecode(_ jpeg: [UInt8], denominator: Int) {
        var width: Int32 = 0, height: Int32 = 0
        jpeg.withUnsafeBufferPointer { data in
            _ = sepia_reference_decode_jpeg(data.baseAddress, data.count, Int32(denominator), nil, &width, &height)
            let output = UnsafeMutablePointer<UInt8>.allocate(capacity: Int(width) * Int(height) * 4)
            defer { output.deallocate() }
            let status = sepia_reference_decode_jpeg(data.baseAddress, data.count, Int32(denominator), output, &width, &height)
            precondition(status == 0, "the reference decoder failed")
        }
    }
}
