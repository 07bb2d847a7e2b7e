import SepiaPipeline

/// Where the list's data source stands.
public enum PhotoListSourceState: Sendable, Equatable {
    /// Nothing was asked for yet.
    case idle
    /// The manifest is being fetched and read.
    case loading
    /// The rows are there.
    case loaded
    /// The manifest could not be had; `message` says why, fit for an alert.
    case failed(message: String)
}

/// Where the list's scrolling stands, as the tutorial's `UIScrollViewDelegate` sees it.
public enum ScrollPhase: Sendable, Equatable {
    /// No scroll input lately: rows on screen get their work.
    case idle
    /// Scroll input keeps coming: the queues are suspended and nothing new starts. When it
    /// stops, the controller settles (cancels the work of rows that left the screen, starts
    /// the rows now on it, resumes the queues) and is idle again.
    case scrolling
}

/// What changed in a ``PhotoListController``, published on its queue.
public enum PhotoListChange: Sendable, Equatable {
    /// The data source's state changed (and with it, possibly, every row).
    case source
    /// These rows' records changed (state or image).
    case rows([Int])
    /// The scroll phase changed.
    case scrollPhase
}
