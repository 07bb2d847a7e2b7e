import Foundation
import SepiaImaging
import SepiaOperations

/// The steps of the photo pipeline as operations, each depending on the one before and
/// reading its result: download → decode → filter → resize → encode → save.
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
    /// With `metadata`, the photo's metadata is kept there for an encode step.
    public static func decode(
        _ input: some ResultProducing<Data>, options: ImageDecodingOptions = ImageDecodingOptions(), metadata: MetadataRelay? = nil
    ) -> TransformOperation<Data, RGBAImage> {
        let download = input as? DownloadOperation
        return named(
            "Decode",
            TransformOperation(input: input) { data, check in
                try check.throwIfCancelled()
                do {
                    let decoded = try ImageDecoder.decode(data, options: options)
                    metadata?.keep(from: decoded)
                    try check.throwIfCancelled()
                    return decoded.image
                } catch let error as ImageDecodingError {
                    download?.discardCachedCopy()
                    throw PhotoError.decoding(error)
                }
            })
    }

    /// Applies `filter` (the image passes through unchanged for `.none`).
    ///
    /// - Parameter takingImage: take the image from `input` and filter it in place, which
    ///   spares a buffer and a pass over memory (3 % of a batch of small photos). Only when
    ///   nothing else reads `input`'s result: it becomes `.failure(HandedOverError())`.
    public static func filter(_ input: some ResultProducing<RGBAImage>, with filter: PhotoFilter, takingImage: Bool = false)
        -> TransformOperation<RGBAImage, RGBAImage>
    {
        named(
            "Filter",
            TransformOperation(input: input, takingValue: takingImage) { (image: consuming RGBAImage, check) in
                try apply(filter, to: image, inPlace: takingImage, check: check)
            })
    }

    /// Applies `filter` to `image`, which the caller has already (a cached original): the first
    /// step of a chain, where ``filter(_:with:takingImage:)`` needs an input operation.
    public static func filter(_ image: RGBAImage, with filter: PhotoFilter) -> BlockResultOperation<RGBAImage> {
        named(
            "Filter",
            BlockResultOperation { check in
                try apply(filter, to: image, inPlace: false, check: check)
            })
    }

    private static func apply(_ filter: PhotoFilter, to image: consuming RGBAImage, inPlace: Bool, check: CancellationCheck)
        throws -> RGBAImage
    {
        var filtered = consume image
        try check.throwIfCancelled()
        guard let matrix = filter.matrix else { return filtered }
        if inPlace {
            filtered.apply(matrix, parallel: false)
        } else {
            filtered = filtered.applying(matrix, parallel: false)
        }
        try check.throwIfCancelled()
        return filtered
    }

    /// The steps `processing` asks for after the original: the filter, then the resize when
    /// it fits the photo into a box. `last` is the step whose result is the processed photo;
    /// `takingImage` is passed on to the filter.
    public static func process(_ input: some ResultProducing<RGBAImage>, as processing: PhotoProcessing, takingImage: Bool = false)
        -> (steps: [ResultOperation<RGBAImage>], last: ResultOperation<RGBAImage>)
    {
        resizing(filter(input, with: processing.filter, takingImage: takingImage), as: processing)
    }

    /// The steps `processing` asks for, applied to `original`, which the caller has already.
    public static func process(_ original: RGBAImage, as processing: PhotoProcessing)
        -> (steps: [ResultOperation<RGBAImage>], last: ResultOperation<RGBAImage>)
    {
        resizing(filter(original, with: processing.filter), as: processing)
    }

    /// `filtered`, followed by the resize when `processing` fits the photo into a box.
    private static func resizing(_ filtered: ResultOperation<RGBAImage>, as processing: PhotoProcessing)
        -> (steps: [ResultOperation<RGBAImage>], last: ResultOperation<RGBAImage>)
    {
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

    /// Encodes the image in `format`, with the metadata `metadata`'s decode step kept (nothing
    /// but the pixels without it).
    public static func encode(_ input: some ResultProducing<RGBAImage>, as format: ImageEncodingFormat, metadata: MetadataRelay? = nil)
        -> TransformOperation<RGBAImage, [UInt8]>
    {
        named(
            "Encode",
            TransformOperation(input: input) { image, check in
                try check.throwIfCancelled()
                do {
                    return try ImageEncoder.encode(image, as: format, metadata: metadata?.kept)
                } catch {
                    throw PhotoError.saving("cannot encode the photo: \(error)")
                }
            })
    }

    /// Writes the bytes to `file` atomically (a temporary file in the same folder, then a
    /// rename): the file appears whole or not at all. The result is the file's URL.
    public static func save<Bytes: ContiguousBytes & Sendable>(_ input: some ResultProducing<Bytes>, to file: URL)
        -> TransformOperation<Bytes, URL>
    {
        named(
            "Save",
            TransformOperation(input: input) { bytes, check in
                try check.throwIfCancelled()
                do {
                    try LocalFile.writeAtomically(bytes, to: file)
                } catch {
                    throw PhotoError.saving("cannot write \(file.path): \(error)")
                }
                return file
            })
    }

    private static func named<Operation: Foundation.Operation>(_ step: String, _ operation: Operation) -> Operation {
        operation.name = step
        return operation
    }
}
