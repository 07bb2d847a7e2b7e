public import SepiaImaging

extension PhotoProcessing {
    /// Processes one frame of an animation in place: the filter, then the fit into
    /// ``fitting``. The one per-frame step that an animation written by `sepia process` and an
    /// animation played on screen both take.
    ///
    /// - Parameter parallel: spread the filter and the resize over the cores (for a frame a
    ///   viewer waits on); false keeps them on the calling thread (a batch is parallel by photo).
    public func processFrame(_ image: inout RGBAImage, parallel: Bool) {
        if let matrix = filter.matrix { image.apply(matrix, parallel: parallel) }
        if let box = fitting { image = image.resized(toFit: box, parallel: parallel) }
    }
}
