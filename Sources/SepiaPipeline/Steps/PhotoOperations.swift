public import Foundation
public import SepiaImaging
public import SepiaOperations

/// The steps of the photo pipeline as operations, each depending on the one before and
/// reading its result: the browser's download → decode, then filter → resize of the original it
/// keeps; the batch's download → transcode (decode, filter, resize and encode in one streaming
/// step, in `PhotoOperations+Transcode.swift`) → save.
///
/// A step whose input failed or was cancelled does no work and reports why; each step checks
/// for cancellation before and after its expensive part. A step works on its own thread only:
/// the queue keeps the cores busy with several photos at once, and splitting each image's rows
/// across the cores as well only adds hand-offs (the 1600×1200 batch of `sepia process` took
/// 1.72–2.41 s with it, 1.59–1.61 s without).
public enum PhotoOperations {
    /// Decodes downloaded bytes (format found from the bytes), straight to a smaller size
    /// when `options` name a target size. Bytes that do not decode leave the disk cache when
    /// they came through a ``DownloadOperation`` (the cache keeps only photos that decoded).
    /// With a `memoryBudget`, the decode reserves its bytes there before it allocates them
    /// (waiting while other steps hold the budget), until the step ends.
    public static func decode(
        _ input: some ResultProducing<Data>, options: ImageDecodingOptions = ImageDecodingOptions(), memoryBudget: MemoryBudget? = nil
    ) -> TransformOperation<Data, RGBAImage> {
        let download = input as? DownloadOperation
        return named(
            "Decode",
            TransformOperation(input: input) { data, check in
                try check.throwIfCancelled()
                let decoded = try MemoryReservation.decoding(with: options, budget: memoryBudget, check: check) { options in
                    try decodingFailures(discarding: download) { try ImageDecoder.decode(data, options: options) }
                }
                try check.throwIfCancelled()
                return decoded.image
            })
    }

    /// Runs `decode`; an `ImageDecodingError` becomes `PhotoError.decoding`, and takes the
    /// downloaded bytes out of the disk cache when they came through `download`.
    static func decodingFailures<Result>(discarding download: DownloadOperation?, _ decode: () throws -> Result) throws -> Result {
        do {
            return try decode()
        } catch let error as ImageDecodingError {
            download?.discardCachedCopy()
            throw PhotoError.decoding(error)
        }
    }

    /// Applies `filter` to `image`, which the caller has already (a cached original): the first
    /// step of the chain that processes it. The image passes through unchanged for `.none`.
    public static func filter(_ image: RGBAImage, with filter: PhotoFilter) -> BlockResultOperation<RGBAImage> {
        named(
            "Filter",
            BlockResultOperation { check in
                try check.throwIfCancelled()
                guard let matrix = filter.matrix else { return image }
                let filtered = image.applying(matrix, parallel: false)
                try check.throwIfCancelled()
                return filtered
            })
    }

    /// The steps `processing` asks for, applied to `original`, which the caller has already:
    /// the filter, then the resize when it fits the photo into a box. `last` is the step whose
    /// result is the processed photo.
    public static func process(_ original: RGBAImage, as processing: PhotoProcessing)
        -> (steps: [ResultOperation<RGBAImage>], last: ResultOperation<RGBAImage>)
    {
        let filtered = filter(original, with: processing.filter)
        guard let box = processing.fitting else { return ([filtered], filtered) }
        let resized = resize(filtered, toFit: box)
        return ([filtered, resized], resized)
    }

    /// Fits the image into `box`, keeping its aspect ratio and never enlarging it.
    public static func resize(_ input: some ResultProducing<RGBAImage>, toFit box: PixelSize)
        -> TransformOperation<RGBAImage, RGBAImage>
    {
        named(
            "Resize",
            TransformOperation(input: input) { image, check in
                try check.throwIfCancelled()
                let resized = image.resized(toFit: box, parallel: false)
                try check.throwIfCancelled()
                return resized
            })
    }

    /// Writes the bytes to `file` atomically (an unnamed file in the same folder linked under
    /// the name, or a temporary file renamed): the file appears whole or not at all. The result
    /// is the file's URL.
    public static func save(_ input: some ResultProducing<EncodedPhoto>, to file: URL) -> TransformOperation<EncodedPhoto, URL> {
        named(
            "Save",
            TransformOperation(input: input) { photo, check in
                try check.throwIfCancelled()
                do {
                    try LocalFile.writeAtomically(photo.bytes, to: file)
                } catch {
                    throw PhotoError.saving("cannot write \(file.path): \(error)")
                }
                return file
            })
    }

    /// `operation`, named after its step.
    static func named<Operation: Foundation.Operation>(_ step: String, _ operation: Operation) -> Operation {
        operation.name = step
        return operation
    }
}
