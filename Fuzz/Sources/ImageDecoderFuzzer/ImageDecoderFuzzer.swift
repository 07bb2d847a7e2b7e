import SepiaImaging

/// Feeds arbitrary bytes to `ImageDecoder`, which picks the decoder (JPEG, PNG, WebP, GIF, BMP, TIFF, AVIF, HEIC,
/// JPEG XL) by magic number.
///
/// Each input is decoded twice: at full size with the lenient damage policy (partial images
/// come out, so libjpeg's recovery paths run), and into a 64×64 box with the default policy (DCT
/// scaling, libwebp's rescaler, EXIF orientation). Errors are expected; crashes, leaks and sanitizer reports are not.
/// A decoded image must also stay within the small pixel limit (which keeps the harness from
/// allocating gigabytes for a header that promises them), own exactly width × height RGBA
/// pixels, and have the size its header and scale announce.
///
/// A JPEG that `JPEGStreaming` takes is also transcoded band by band into the box, sepia-toned,
/// with its metadata: it must succeed exactly when the whole-image decode does, with the same
/// bytes as that decode filtered, resized and encoded, or, where it went through YCbCr planes (a
/// 4:2:0 photo that DCT scaling brings to its fitted size exactly, or one within the box already),
/// with a JPEG of that size that decodes. And at full size with the lenient policy,
/// which takes a 4:2:0 photo through YCbCr planes: it must succeed exactly when the full-size
/// decode does, with a JPEG of that size.
///
/// Every input is also opened as an `ImageAnimation` (GIF, WebP and APNG frames, composited one
/// at a time) under small limits and its frames read until the end or an error: each must be a
/// canvas of the announced size, numbered in order, no more than the frames counted. And it is
/// followed as a download would be, a quarter at a time, for previews (`ProgressivePreview`).
private let pixelLimit = 1 << 20
private let animationLimits = AnimationLimits(frameLimit: 64, drawnPixelLimit: 1 << 24)
private let box = PixelSize(square: 64)
private let sepia = ColorMatrix.sepia(intensity: 0.8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageDecoder(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let fullOptions = ImageDecodingOptions(pixelLimit: pixelLimit, damagePolicy: .lenient)
    let full = try? ImageDecoder.decode(bytes, options: fullOptions)
    if let full {
        check(full, box: nil)
        precondition(full.scaleDenominator == 1, "scaled without a target size")
    }
    checkFullSizeStreaming(bytes, options: fullOptions, against: full)
    let options = ImageDecodingOptions(targetSize: box, pixelLimit: pixelLimit)
    let scaled = try? ImageDecoder.decode(bytes, options: options)
    if let scaled {
        check(scaled, box: box)
    }
    checkStreaming(bytes, options: options, against: scaled)
    checkAnimation(bytes)
    checkPreviews(bytes)
    return 0
}

/// Follows `bytes` as a download would, in four growing prefixes, and decodes a preview of each:
/// the scanner fed the prefixes one after another must agree with one fed each prefix at once,
/// and a preview must be a non-empty picture within the preview box and the pixel limit.
private func checkPreviews(_ bytes: UnsafeRawBufferPointer) {
    var following = ProgressivePrefixScanner()
    for quarter in 1...4 {
        let prefix = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count * quarter / 4)])
        following.update(with: prefix)
        var fresh = ProgressivePrefixScanner()
        fresh.update(with: prefix)
        precondition(
            following.layout == fresh.layout && following.completeScans == fresh.completeScans
                && following.previewableLength == fresh.previewableLength,
            "the scanner fed in parts disagrees with one fed at once")
        precondition(following.previewableLength <= prefix.count, "previewable past the prefix")
        guard let preview = try? ProgressivePreview.decode(prefix, fitting: box, pixelLimit: pixelLimit) else { continue }
        let image = preview.image
        precondition(image.width > 0 && image.height > 0, "empty preview")
        precondition(image.width <= box.width && image.height <= box.height, "a preview of \(image.size) is over the box")
        precondition(preview.completeUnits > 0, "a preview of no complete scan or pass")
    }
}

/// Reads every frame of `bytes` as an animation and checks each against what opening said.
private func checkAnimation(_ bytes: UnsafeRawBufferPointer) {
    let options = ImageDecodingOptions(pixelLimit: pixelLimit, damagePolicy: .lenient)
    guard let animation = try? ImageAnimation(bytes, options: options, limits: animationLimits) else { return }
    precondition(animation.frameCount >= 1 && animation.frameCount <= animationLimits.frameLimit, "\(animation.frameCount) frames")
    precondition(animation.isAnimated == ImageAnimation.isAnimated(bytes) || animation.frameCount == 1, "isAnimated disagrees")
    var index = 0
    while let frame = try? animation.nextFrame() {
        precondition(frame.index == index && index < animation.frameCount, "frame \(frame.index) of \(animation.frameCount)")
        precondition(frame.image.size == animation.canvasSize, "a \(frame.image.size) frame on a \(animation.canvasSize) canvas")
        precondition(frame.duration >= AnimationFrame.minimumShownDuration, "a \(frame.duration) ms frame")
        index += 1
    }
}

/// What `JPEGStreaming` makes of `bytes`, sepia-toned with the metadata kept: nil when it does
/// not take them (not a JPEG or a PNG, or one for the whole-image path), the output or nil for an error
/// otherwise. A size JPEG cannot store (over 65,500 pixels a side, possible at full size) is
/// not taken either: the whole-image path's encoder refuses it too.
private func streamingOutcome(_ bytes: UnsafeRawBufferPointer, options: ImageDecodingOptions) -> JPEGStreaming.Output?? {
    do {
        guard let output = try JPEGStreaming.transcode(bytes, matrix: sepia, quality: 85, keepingMetadata: true, options: options)
        else { return nil }
        return .some(output)
    } catch is ImageEncodingError {
        return nil
    } catch {
        return .some(nil)
    }
}

/// Transcodes `bytes` band by band and compares the outcome with the whole-image decode `scaled`.
private func checkStreaming(_ bytes: UnsafeRawBufferPointer, options: ImageDecodingOptions, against scaled: DecodedImage?) {
    guard let streamed = streamingOutcome(bytes, options: options) else { return }
    guard let scaled else {
        precondition(streamed == nil, "streamed a photo that the whole-image decoder refuses")
        return
    }
    guard let streamed else { preconditionFailure("the whole-image decoder took a photo that streaming refuses") }
    let image = scaled.image.applying(sepia, parallel: false).resized(toFit: box, parallel: false)
    guard !streamed.isFromPlanes else {
        precondition(streamed.size == image.size, "streamed through planes at \(streamed.size), decoded at \(image.size)")
        let written = try? ImageDecoder.decode(streamed.bytes, options: ImageDecodingOptions(pixelLimit: pixelLimit))
        precondition(written?.image.size == image.size, "the JPEG streamed through planes does not decode at its size")
        return
    }
    let expected = try? ImageEncoder.encode(image, as: .jpeg(quality: 85), metadata: OutputMetadata(keepingFrom: scaled))
    precondition(streamed.bytes == expected, "streamed bytes differ from the whole-image path's")
}

/// Transcodes `bytes` band by band at full size (through planes, for a 4:2:0 JPEG) and compares
/// the outcome with the whole-image decode `full`: the same size, and a JPEG that decodes.
private func checkFullSizeStreaming(_ bytes: UnsafeRawBufferPointer, options: ImageDecodingOptions, against full: DecodedImage?) {
    guard let streamed = streamingOutcome(bytes, options: options) else { return }
    guard let full else {
        precondition(streamed == nil, "streamed at full size a photo that the whole-image decoder refuses")
        return
    }
    guard let streamed else { preconditionFailure("the whole-image decoder took a photo that full-size streaming refuses") }
    precondition(streamed.size == full.image.size, "streamed at \(streamed.size), decoded at \(full.image.size)")
    let written = try? ImageDecoder.decode(streamed.bytes, options: ImageDecodingOptions(pixelLimit: pixelLimit))
    precondition(written?.image.size == full.image.size, "the streamed JPEG does not decode at its size")
}

/// The invariants every decoded image keeps; `box` is the target size it was decoded for.
private func check(_ decoded: DecodedImage, box: PixelSize?) {
    let image = decoded.image
    precondition(image.width > 0 && image.height > 0, "empty image \(image.width)x\(image.height)")
    precondition(image.pixelCount <= pixelLimit, "\(image.width)x\(image.height) is over the limit")
    precondition(image.bytesPerRow >= image.width * RGBAImage.bytesPerPixel, "rows too short")
    precondition(image.pixels.count >= image.bytesPerRow * (image.height - 1) + image.width * RGBAImage.bytesPerPixel, "too few pixels")
    precondition([1, 2, 4, 8].contains(decoded.scaleDenominator), "scale 1/\(decoded.scaleDenominator)")
    let denominator = decoded.scaleDenominator
    var stored = (width: image.width, height: image.height)
    if decoded.orientation.swapsDimensions { stored = (image.height, image.width) }
    var expected = ((decoded.sourceWidth + denominator - 1) / denominator, (decoded.sourceHeight + denominator - 1) / denominator)
    // A still WebP is scaled to the aspect-fit size in the box (stored orientation) instead.
    if let box, decoded.format == .webp, stored != expected {
        let source = PixelSize(width: decoded.sourceWidth, height: decoded.sourceHeight)
        let fitted = source.aspectFit(in: decoded.orientation.swapsDimensions ? box.transposed : box)
        expected = (fitted.width, fitted.height)
    }
    precondition(
        stored == expected, "\(image.width)x\(image.height) from \(decoded.sourceWidth)x\(decoded.sourceHeight) at 1/\(denominator)")
}
