extension PhotoPipeline {
    /// The process's pipeline: the default configuration over ``HTTPLoader/shared``, with
    /// nothing to set up or shut down. Its caches and queues are shared by every caller of the
    /// process; make a pipeline of your own to choose the loader, the queues' concurrency or
    /// the caches' limits.
    ///
    /// ```swift
    /// let photo = try await PhotoPipeline.shared.photo(for: PhotoRequest(url: url))
    /// ```
    public static let shared = PhotoPipeline(loader: HTTPLoader.shared)
}
