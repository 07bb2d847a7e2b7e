public import Foundation
public import SepiaImaging
public import SepiaOperations

extension PhotoOperations {
    /// Decodes, processes and encodes downloaded bytes in one step: the batch's path from a
    /// download to its files.
    ///
    /// A JPEG or a PNG written as a JPEG, at its own size or fitted into a box, is streamed
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
    ///     (see `OutputMetadata`); nothing but the pixels otherwise.
    ///   - memoryBudget: where the decode reserves its bytes before it allocates them (waiting
    ///     for them while other steps hold the budget); they stay reserved until the step ends,
    ///     its images freed. Nil reserves nothing.
    public static func transcode(
        _ input: some ResultProducing<Data>, as processing: PhotoProcessing, to format: ImageEncodingFormat, keepingMetadata: Bool,
        memoryBudget: MemoryBudget? = nil
    ) -> TransformOperation<Data, EncodedPhoto> {
        let download = input as? DownloadOperation
        let transcoder = PhotoTranscoder(processing: processing, format: format, keepingMetadata: keepingMetadata)
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

/// The work of ``PhotoOperations/transcode(_:as:to:keepingMetadata:)``: the streamed path when
/// the photo allows it, the whole-image path otherwise.
struct PhotoTranscoder: Sendable {
    let processing: PhotoProcessing
    let format: ImageEncodingFormat
    let keepingMetadata: Bool

    /// The encoded photo of `data`, decoded with `options` (by default the processing's, whose
    /// memory admission the streamed decode asks for its band of rows, the whole-image one for
    /// its image).
    ///
    /// - Throws: `ImageDecodingError`, `ImageEncodingError`, or `CancellationError` between steps
    ///   (or while the decode waits for memory).
    func transcode(_ data: Data, check: CancellationCheck, options: ImageDecodingOptions? = nil) throws -> EncodedPhoto {
        let options = options ?? processing.decodingOptions
        if case .jpeg(let quality) = format,
            let streamed = try JPEGStreaming.transcode(
                data, matrix: processing.filter.matrix, quality: quality, keepingMetadata: keepingMetadata, options: options)
        {
            return EncodedPhoto(bytes: streamed.bytes, pixelCount: streamed.decodedSize.pixelCount)
        }
        return try transcodeWholeImage(data, check: check, options: options)
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
