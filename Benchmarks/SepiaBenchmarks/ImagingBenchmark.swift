import ArgumentParser
import CSepiaReference
import Dispatch
import Foundation
import SepiaDemoContent
import SepiaImaging

/// Measures the imaging core on a generated photo-like image, next to plain C and memcpy.
struct ImagingBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "imaging",
        abstract: "Codec and kernel throughput on a generated photo, against C and memcpy."
    )

    @Option(help: "Width of the generated photo in pixels.")
    var width = 4000

    @Option(help: "Height of the generated photo in pixels.")
    var height = 3000

    @Option(help: "Timed rounds per measurement (the median is reported).")
    var rounds = 9

    func run() throws {
        let photo = PhotoGenerator(seed: 42).render(width: width, height: height)
        let megapixels = Double(photo.pixelCount) / 1e6
        print(
            "Sepia imaging benchmark: \(width)x\(height) (\(String(format: "%.1f", megapixels)) MP), "
                + "\(rounds) rounds, \(ProcessInfo.processInfo.activeProcessorCount) cores, median MP/s (min-max)")
        var report = Report()
        try CodecBenchmark.measure(photo, rounds: rounds, into: &report)

        let sepia = ColorMatrix.sepia(intensity: 0.8)
        var swiftOne = photo
        report.add(
            Measurement.run("sepia, Swift, 1 core", megapixels: megapixels, rounds: rounds) {
                swiftOne.apply(sepia, parallel: false)
            })
        var cOne = photo
        report.add(
            Measurement.run("sepia, C same algorithm, 1 core", megapixels: megapixels, rounds: rounds) {
                cOne.pixels.withUnsafeMutableBufferPointer { buffer in
                    sepia_reference_color_matrix(buffer.baseAddress, photo.pixelCount, sepia.coefficients)
                }
            })
        var cFloat = photo
        report.add(
            Measurement.run("sepia, C textbook loop, 1 core", megapixels: megapixels, rounds: rounds) {
                cFloat.pixels.withUnsafeMutableBufferPointer { buffer in
                    sepia_reference_color_matrix_textbook(buffer.baseAddress, photo.pixelCount, sepia.coefficients)
                }
            })
        var swiftAll = photo
        report.add(
            Measurement.run("sepia, Swift, all cores", megapixels: megapixels, rounds: rounds) {
                swiftAll.apply(sepia)
            })
        var gray = photo
        report.add(
            Measurement.run("grayscale, Swift, all cores", megapixels: megapixels, rounds: rounds) {
                gray.apply(.grayscale)
            })
        report.add(
            Measurement.run("resize to fit 320x240, Swift, 1 core", megapixels: megapixels, rounds: rounds) {
                _ = photo.resized(toFit: PixelSize(width: 320, height: 240), parallel: false)
            })
        report.add(
            Measurement.run("resize to fit 320x240, Swift, all cores", megapixels: megapixels, rounds: rounds) {
                _ = photo.resized(toFit: PixelSize(width: 320, height: 240))
            })
        report.add(MemoryCopy.measure(photo, threads: 1, rounds: rounds))
        report.add(MemoryCopy.measure(photo, threads: ProcessInfo.processInfo.activeProcessorCount, rounds: rounds))
        report.printTable()

        let check = photo.applying(sepia, parallel: false)
        var reference = photo
        reference.pixels.withUnsafeMutableBufferPointer { buffer in
            sepia_reference_color_matrix(buffer.baseAddress, photo.pixelCount, sepia.coefficients)
        }
        print("Swift and C sepia outputs identical: \(check == reference)")
        report.printRatio(
            "JPEG decode full size, Sepia / C", "JPEG decode full size, Sepia",
            over: "JPEG decode full size, libjpeg-turbo from C")
        report.printRatio(
            "JPEG decode 1/4 scaled, Sepia / C", "JPEG decode 1/4 scaled, Sepia",
            over: "JPEG decode 1/4 scaled, libjpeg-turbo from C")
        report.printRatio("sepia Swift / C, 1 core", "sepia, Swift, 1 core", over: "sepia, C same algorithm, 1 core")
        report.printRatio(
            "sepia Swift all cores / memcpy all cores", "sepia, Swift, all cores",
            over: "memcpy, \(ProcessInfo.processInfo.activeProcessorCount) threads")
    }
}
