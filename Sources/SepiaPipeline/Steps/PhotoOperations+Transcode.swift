public import Foundation
public import SepiaImaging
public import SepiaOperations

extension PhotoOperations {
    /// Decodes, processes and encodes downloaded bytes in one step: the batch's path from a
    /// download to its files.
    ///
    /// An animated GIF, WebP or PNG written as WebP keeps every frame when `keepingAnimation`
    /// (`ImageEncoder.encodeAnimation`): each frame filtered and fitted, its duration and the loop
    /// count kept, one frame decoded at a time. A JPEG or a PNG written as a JPEG, at its own size or fitted into a box, is streamed
    /// (`JPEGStreaming`): a band of rows at a time is decoded, filtered while it is in the
    /// cache, shrunk and encoded, so the photo never exists whole in memory; a 4:2:0 JPEG at
    /// its own size goes as YCbCr planes, with no colour conversion. Other photos (other
    /// formats, EXIF turns and flips, CMYK, interlaced PNGs) take the whole-image path within the same step:
    /// decode, filter in place, resize, encode. Both give the same bytes for a photo that both
    /// can take, but through planes, which give a visually identical photo (48 dB apart). Bytes
    /// that do not decode leave the disk cache when they came through a ``DownloadOperation``,
    /// as with ``decode(_:options:memoryBudget:)``.
    ///
    /// - Parameters:
    ///   - keepingMetadata: write the original's EXIF (orientation reset to 1) and an sRGB tag
    ///     (see `OutputMetadata`); nothing but the pixels otherwise. An animation carries none.
    ///   - keepingAnimation: write every frame of an animation when `format` holds one
    ///     (`ImageEncodingFormat.holdsAnimation`); its first frame only otherwise.
    ///   - memoryBudget: where the decode reserves its bytes before it allocates them (waiting
    ///     for them while other steps hold the budget); they stay reserved until the step ends,
    ///     its images freed. Nil reserves nothing.
    public static func transcode(
        _ input: some ResultProducing<Data>, as processing: PhotoProcessing, to format: ImageEncodingFormat, keepingMetadata: Bool,
        keepingAnimation: Bool = true, memoryBudget: MemoryBudget? = nil
    ) -> TransformOperation<Data, EncodedPhoto> {
        let download = input as? DownloadOperation
        let transcoder = PhotoTranscoder(
            processing: processing, format: format, keepingMetadata: keepingMetadata, keepingAnimation: keepingAnimation)
        return named(
            "Transcode",
            TransformOperation(input: input) { data, check in
                try check.throwIfCancelled()
                do {
                    let encoded = try MemoryReservation.decoding(
                        with: processing.decodingOptions, budget: memoryBudget, check: check
                    ) { options in
                        try decodingFailures(discarding: download) { try transcoder.transcode(data, check: check, options: options) }
                    }
                    try check.throwIfCancelled()
                    return encoded
                } catch let error as ImageEncodingError {
                    throw PhotoError.saving("cannot encode the photo: \(error)")
                }
            })
    }
}

/// The work of ``PhotoOperations/transcode(_:as:to:keepingMetadata:keepingAnimation:memoryBudget:)``:
/// the animated path for an animation kept as one, the streamed path when the photo allows it,
/// the whole-image path otherwise.
struct PhotoTranscoder: Sendable {
    let processing: PhotoProcessing
    let format: ImageEncodingFormat
    let keepingMetadata: Bool
    var keepingAnimation = false

    /// The encoded photo of `data`, decoded with `options` (by default the processing's, whose
    /// memory admission the streamed decode asks for its band of rows, the whole-image one for
    /// its image).
    ///
    /// - Throws: `ImageDecodingError`, `ImageEncodingError`, or `CancellationError` between steps
    ///   (or while the decode waits for memory).
    func transcode(_ data: Data, check: CancellationCheck, options: ImageDecodingOptions? = nil) throws -> EncodedPhoto {
        let options = options ?? processing.decodingOptions
        if keepingAnimation, format.holdsAnimation, ImageAnimation.isAnimated(data) {
            return try transcodeAnimation(data, check: check, options: options)
        }
        if case .jpeg(let quality) = format,
            let streamed = try JPEGStreaming.transcode(
                data, matrix: processing.filter.matrix, quality: quality, keepingMetadata: keepingMetadata, options: options)
        {
            return EncodedPhoto(bytes: streamed.bytes, pixelCount: streamed.decodedSize.pixelCount)
        }
        return try transcodeWholeImage(data, check: check, options: options)
    }

    /// Every frame of an animation, filtered and fitted one at a time, as an animated WebP. The
    /// memory admission in `options` is asked for the decode's canvases when the animation
    /// opens, then for the encoder's canvases at the output size.
    func transcodeAnimation(_ data: Data, check: CancellationCheck, options: ImageDecodingOptions) throws -> EncodedPhoto {
        let animation = try ImageAnimation(data, options: options)
        let output = processing.fitting.map { animation.canvasSize.aspectFit(in: $0) } ?? animation.canvasSize
        let encoderBytes = output.rgbaByteCount.map { $0.multipliedReportingOverflow(by: ImageEncoder.encoderCanvases) }
        try options.memoryAdmission?.admission.admit(bytes: encoderBytes.map { $0.overflow ? .max : $0.partialValue } ?? .max)
        let bytes = try ImageEncoder.encodeAnimation(animation, as: format) { image in
            try check.throwIfCancelled()
            processing.processFrame(&image, parallel: false)
        }
        return EncodedPhoto(bytes: bytes, pixelCount: animation.canvasSize.pixelCount)
    }

    /// Decode (with `options`, by default the processing's), filter in place, resize, encode.
    func transcodeWholeImage(_ data: Data, check: CancellationCheck, options: ImageDecodingOptions? = nil) throws -> EncodedPhoto {
        let decoded = try ImageDecoder.decode(data, options: options ?? processing.decodingOptions)
        let metadata = keepingMetadata ? OutputMetadata(keepingFrom: decoded) : nil
        // Consumed, so that the image's buffer has one owner and is filtered in place.
        var image = (consume decoded).image
        let pixelCount = image.pixelCount
        try check.throwIfCancelled()
        if let matrix = processing.filter.matrix {
            image.apply(matrix, parallel: false)
            try check.throwIfCancelled()
        }
        if let box = processing.fitting {
            image = image.resized(toFit: box, parallel: false)
            try check.throwIfCancelled()
        }
        return EncodedPhoto(bytes: try ImageEncoder.encode(image, as: format, metadata: metadata), pixelCount: pixelCount)
    }
}
