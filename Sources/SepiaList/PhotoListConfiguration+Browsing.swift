public import SepiaPipeline

extension PhotoListConfiguration {
    /// How a front end's list schedules its rows (the terminal browser, the desktop window):
    /// the defaults with `prefetchDistance`, or, when `naive`, the tutorial's first version:
    /// nothing prefetched, and rows start their work the moment they show, scrolling or not.
    public static func browsing(prefetchDistance: Int, naive: Bool) -> PhotoListConfiguration {
        PhotoListConfiguration(prefetchDistance: naive ? 0 : prefetchDistance, defersWorkWhileScrolling: !naive)
    }
}

extension PhotoPipelineConfiguration {
    /// The pipeline under a front end's list: memory caches sized for the rows kept around the
    /// screen (64 MB of originals, 32 MB of processed photos) and decodes held to
    /// `memoryBudget`; `countsBytesPerURL` for a session's figures (``PhotoListStats``);
    /// previews of progressive photos while they download, with the default `PreviewPolicy`.
    public static func browsing(countsBytesPerURL: Bool, memoryBudget: MemoryBudget?) -> PhotoPipelineConfiguration {
        var configuration = PhotoPipelineConfiguration(
            originalsCostLimit: 64 << 20, processedCostLimit: 32 << 20, countsBytesPerURL: countsBytesPerURL)
        configuration.memoryBudget = memoryBudget
        configuration.previews = PreviewPolicy()
        return configuration
    }
}
