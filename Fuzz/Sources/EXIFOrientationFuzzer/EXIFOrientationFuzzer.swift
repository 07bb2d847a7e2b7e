import SepiaImaging

/// Fuzzes the EXIF orientation reader (the TIFF walk in `EXIFOrientation+TIFF.swift`) the way
/// photos reach it: the input becomes the payload of an APP1 "Exif" segment of a small valid
/// 16×8 JPEG, which `ImageDecoder` decodes and turns upright.
///
/// The input's bytes are the TIFF structure (byte order, IFD0 offset, entries); inputs longer
/// than a JPEG segment holds are cut. Whatever the payload, the photo must still decode (a bad
/// EXIF block is ignored, not an error), and the image must be 16×8, or 8×16 exactly when the
/// orientation read swaps width and height; with orientation not applied it stays 16×8.
private let maximumPayload = 0xFFFF - 2 - 6

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEXIFOrientation(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let payload = UnsafeBufferPointer(start: start, count: count).prefix(maximumPayload)
    let segmentLength = 2 + 6 + payload.count
    var jpeg = Array(TinyJPEG.bytes.prefix(2))  // SOI
    jpeg += [0xFF, 0xE1, UInt8(segmentLength >> 8), UInt8(segmentLength & 0xFF)]
    jpeg += Array("Exif".utf8) + [0, 0]
    jpeg += payload
    jpeg += TinyJPEG.bytes.dropFirst(2)

    let upright: DecodedImage, stored: DecodedImage
    do {
        upright = try ImageDecoder.decode(jpeg)
        stored = try ImageDecoder.decode(jpeg, options: .init(appliesEXIFOrientation: false))
    } catch {
        preconditionFailure("the EXIF payload broke a valid JPEG: \(error)")
    }
    precondition(upright.orientation == stored.orientation, "orientation read differently")
    precondition(stored.image.width == 16 && stored.image.height == 8, "stored image resized")
    let size = (upright.image.width, upright.image.height)
    precondition(size == (upright.orientation.swapsDimensions ? (8, 16) : (16, 8)), "upright image is \(size)")
    return 0
}
