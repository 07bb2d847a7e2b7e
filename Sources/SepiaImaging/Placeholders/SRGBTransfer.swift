import Foundation

/// sRGB's transfer function, between 8-bit encoded values and linear light in 0...1, as
/// BlurHash defines its colour averages.
enum SRGBTransfer {
    /// Linear light of each 8-bit sRGB value.
    static let linear: [Float] = linearDouble.map(Float.init)
    /// The same in Double, for sums over many pixels.
    static let linearDouble: [Double] = (0..<256).map { linearLight(ofEncoded: Double($0) / 255) }

    /// The linear light at which the 8-bit value rounds up from k to k + 1, for k in 0..<255:
    /// where the encoded value crosses k + 0.5.
    private static let steps: [Float] = (0..<255).map { Float(linearLight(ofEncoded: (Double($0) + 0.5) / 255)) }

    /// The 8-bit sRGB value of linear light `value` (clamped to 0...1), rounded half up: the
    /// number of steps at or below it, found by binary search (no `pow` per pixel).
    static func encoded(_ value: Float) -> UInt8 {
        steps.withUnsafeBufferPointer { steps in
            var low = 0
            var high = steps.count
            while low < high {
                let middle = (low &+ high) >> 1
                if steps[middle] <= value { low = middle &+ 1 } else { high = middle }
            }
            return UInt8(truncatingIfNeeded: low)
        }
    }

    private static func linearLight(ofEncoded encoded: Double) -> Double {
        encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }
}
