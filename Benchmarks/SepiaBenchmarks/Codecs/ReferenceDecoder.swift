import SepiaImaging

/// A decoder of `CSepiaReference` (a codec library called straight from C), in their common
/// convention: given no output buffer it writes the image's size only; given one of width ×
/// height × 4 bytes it decodes into it. Returns 0 on success.
typealias ReferenceDecoderFunction = (
    UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
) -> Int32

/// One reference decoder bound to one encoded image, whose size it learnt once, so that a timed
/// decode is only the decode (for TIFF, opening the file to learn the size is 1 % of the work).
struct ReferenceDecoder {
    private let bytes: [UInt8]
    private let function: ReferenceDecoderFunction
    private let width: Int
    private let height: Int

    /// Nil when the reference cannot read the size of `bytes`.
    init?(_ bytes: [UInt8], _ function: @escaping ReferenceDecoderFunction) {
        var width: Int32 = 0
        var height: Int32 = 0
        guard function(bytes, bytes.count, nil, &width, &height) == 0, width > 0, height > 0 else { return nil }
        self.bytes = bytes
        self.function = function
        self.width = Int(width)
        self.height = Int(height)
    }

    /// Decodes into a fresh image, as Sepia must (its images own their pixels); nil on failure.
    func decode() -> RGBAImage? {
        bytes.withUnsafeBufferPointer { data in
            var decodedWidth = Int32(width)
            var decodedHeight = Int32(height)
            var failed = false
            let image = RGBAImage(width: width, height: height) { pixels in
                failed = function(data.baseAddress, data.count, pixels.baseAddress, &decodedWidth, &decodedHeight) != 0
            }
            return failed || decodedWidth != width || decodedHeight != height ? nil : image
        }
    }
}
