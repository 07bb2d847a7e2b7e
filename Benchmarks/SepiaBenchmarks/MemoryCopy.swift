import Dispatch
import Foundation
import SepiaImaging

/// The memory-bandwidth yardstick: copying an image's bytes moves 8 bytes per RGBA pixel,
/// as much as a colour-matrix pass does (4 read, 4 written).
enum MemoryCopy {
    /// Times `memcpy` of `image`'s pixels into another buffer, split across `threads`.
    static func measure(_ image: RGBAImage, threads: Int, rounds: Int) -> Measurement {
        let count = image.pixels.count
        let source = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
        let target = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
        defer {
            source.deallocate()
            target.deallocate()
        }
        image.pixels.withUnsafeBytes { source.copyMemory(from: $0.baseAddress!, byteCount: count) }
        memset(target, 0, count)
        let pointers = SendablePointers(source: source, target: target)
        return Measurement.run(
            "memcpy, \(threads) thread\(threads == 1 ? "" : "s")",
            megapixels: Double(image.pixelCount) / 1e6, rounds: rounds
        ) {
            DispatchQueue.concurrentPerform(iterations: threads) { part in
                let lower = count * part / threads, upper = count * (part + 1) / threads
                memcpy(pointers.target + lower, pointers.source + lower, upper - lower)
            }
        }
    }

    /// Two buffers handed to the copying threads, each of which touches its own slice.
    private struct SendablePointers: @unchecked Sendable {
        let source: UnsafeMutableRawPointer
        let target: UnsafeMutableRawPointer
    }
}
