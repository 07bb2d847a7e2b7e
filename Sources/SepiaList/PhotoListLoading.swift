import Foundation
import SepiaImaging
import SepiaOperations
import SepiaPipeline

/// What a ``PhotoListController`` loads photos with: a `PhotoPipeline` in the app, the
/// tutorial's blocking first version for `--naive` (``BlockingPhotoLoader``), a fake in tests.
public protocol PhotoLoading: AnyObject, Sendable {
    /// Starts (or joins) downloading and decoding the photo of `request`.
    func original(for request: PhotoRequest) -> PhotoTask<RGBAImage>
    /// Starts (or joins) processing the photo of `request`; its original comes from the
    /// loader's cache when it was just loaded.
    func task(for request: PhotoRequest) -> PhotoTask<RGBAImage>
    /// The queue the downloads run on: the controller suspends it while the user scrolls.
    var downloadQueue: CountedQueue { get }
    /// The queue the decoding and filtering run on: suspended with the downloads.
    var filtrationQueue: CountedQueue { get }
}

/// The pipeline's own `original(for:)` and `task(for:)` are the requirements.
extension PhotoPipeline: PhotoLoading {}
