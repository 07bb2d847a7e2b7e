public import Foundation
public import SepiaImaging
public import SepiaPipeline

/// One row of the photo list: the tutorial's `PhotoRecord`, as a value.
///
/// State changes go through mutating methods that refuse moves the pipeline never makes
/// (filtering a photo that was not downloaded, say) and return whether they took effect, so a
/// late result for a row that was reset or failed meanwhile cannot corrupt it.
public struct PhotoRecord: Sendable, Equatable {
    /// The row's title.
    public let name: String
    /// Where the photo comes from, or why it cannot be fetched.
    public let location: PhotoLocation
    /// Where the row stands.
    public private(set) var state: PhotoState
    /// The latest image: the original once downloaded and decoded, then the filtered one.
    public private(set) var image: RGBAImage?
    /// What made ``image`` when it is a filtered photo (its filter and size); nil while the
    /// image is the original or there is none. A row filtered again with other processing
    /// keeps both until the new photo replaces them.
    public private(set) var processing: PhotoProcessing?
    /// The BlurHash or ThumbHash the manifest gave, validated by the parser; nil for none.
    /// ``placeholderImage()`` draws it while the row waits for its photo.
    public let placeholder: PhotoPlaceholder?
    /// The latest coarse picture of the photo while it downloads (a progressive JPEG's first
    /// scans, an interlaced PNG's first passes), unfiltered as the original will first show;
    /// nil once the photo arrived or failed, and when there was none.
    public private(set) var preview: ProgressivePreview?

    /// A record for a manifest row: ``PhotoState/new``, or ``PhotoState/failed(_:)`` with the
    /// location's reason when the row cannot become a download.
    public init(entry: PhotoEntry) {
        name = entry.name
        location = entry.location
        placeholder = entry.placeholder
        image = nil
        processing = nil
        preview = nil
        if let reason = entry.location.invalidReason {
            state = .failed(.invalidLocation(reason))
        } else {
            state = .new
        }
    }

    /// Whether the row shows its placeholder: it has one, and waits for its photo
    /// (``PhotoState/new``, no image, no preview yet). Not once the row failed: beside "Failed to load" a
    /// blurred picture would read as a photo that partly arrived, and nothing will replace it.
    public var showsPlaceholder: Bool {
        placeholder != nil && state == .new && image == nil && preview == nil
    }

    /// The placeholder's picture, 32 pixels on its longer side, while ``showsPlaceholder``;
    /// nil otherwise. Drawn on each call, in microseconds (a record holds the hash, not its
    /// pixels, so a list of a million rows holds no million pictures): front ends call it
    /// where they scale the row's picture.
    public func placeholderImage() -> RGBAImage? {
        guard showsPlaceholder else { return nil }
        return try? placeholder?.image()
    }

    /// The picture the row shows now: its image, else its preview while it downloads, else its
    /// placeholder (drawn on each call, see ``placeholderImage()``); nil when it has none.
    public func shownImage() -> RGBAImage? {
        image ?? preview?.image ?? placeholderImage()
    }

    /// Records a preview of the photo downloading, when it shows more than the one the record
    /// has. Only while the row is ``PhotoState/new`` with no image.
    /// - Returns: whether the record changed.
    @discardableResult
    public mutating func markPreview(_ preview: ProgressivePreview) -> Bool {
        guard state == .new, image == nil, preview.completeUnits > self.preview?.completeUnits ?? 0 else { return false }
        self.preview = preview
        return true
    }

    /// Drops the preview to save memory (the row is far from the screen); the next download
    /// makes new ones.
    /// - Returns: whether the record changed.
    @discardableResult
    public mutating func discardPreview() -> Bool {
        guard preview != nil else { return false }
        preview = nil
        return true
    }

    /// The URL to load the photo from, or nil when the row's location is invalid.
    public var url: URL? {
        location.url
    }

    /// What a failed row shows, such as "Failed to load: HTTP 404 Not Found"; nil unless failed.
    public var failureText: String? {
        guard case .failed(let error) = state else { return nil }
        return "Failed to load: \(error)"
    }

    /// Records the downloaded and decoded original. Only from ``PhotoState/new``.
    /// - Returns: whether the record changed.
    @discardableResult
    public mutating func markDownloaded(_ original: RGBAImage) -> Bool {
        guard state == .new else { return false }
        state = .downloaded
        image = original
        preview = nil
        return true
    }

    /// Records the photo `processing` made, which replaces the current image: the original
    /// (from ``PhotoState/downloaded``), or the photo of other processing (from
    /// ``PhotoState/filtered``: the row was filtered again, say with another filter).
    /// Refused in any other state, and for the processing the image already went through.
    /// - Returns: whether the record changed.
    @discardableResult
    public mutating func markFiltered(_ filtered: RGBAImage, processing: PhotoProcessing) -> Bool {
        guard state == .downloaded || (state == .filtered && self.processing != processing) else { return false }
        state = .filtered
        image = filtered
        self.processing = processing
        return true
    }

    /// Records that the photo cannot be shown, because of `error`. Allowed from any state; the
    /// image, if any, is kept with its ``processing`` (the row shows ``failureText``).
    /// - Returns: whether the record changed (false only when it already failed with `error`).
    @discardableResult
    public mutating func markFailed(_ error: PhotoError) -> Bool {
        guard state != .failed(error) else { return false }
        state = .failed(error)
        preview = nil
        return true
    }

    /// Whether the row failed in a way trying again may mend (`PhotoError.isWorthRetrying`:
    /// a network failure, a busy server…, not bytes that do not decode nor an HTTP 404), and
    /// has a URL to try: what a Retry button or key offers.
    public var canRetry: Bool {
        guard case .failed(let error) = state, url != nil else { return false }
        return error.isWorthRetrying
    }

    /// Sends a failed row back to ``PhotoState/new`` so it can be tried again, dropping its
    /// image. Refused unless ``canRetry``: retrying cannot help an invalid location, bytes
    /// that do not decode or an answer the server means for good.
    /// - Returns: whether the record changed.
    @discardableResult
    public mutating func reset() -> Bool {
        guard canRetry else { return false }
        state = .new
        image = nil
        processing = nil
        preview = nil
        return true
    }

    /// Drops the image of a downloaded or filtered row to save memory, sending it back to
    /// ``PhotoState/new``: loading it again finds the photo in the pipeline's caches, or
    /// downloads it. Refused in any other state.
    /// - Returns: whether the record changed.
    @discardableResult
    public mutating func discardImage() -> Bool {
        guard state == .downloaded || state == .filtered else { return false }
        state = .new
        image = nil
        processing = nil
        preview = nil
        return true
    }
}
