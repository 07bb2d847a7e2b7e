import SepiaPipeline

extension BatchOutcome.State {
    /// The reason a failed row shows; nil unless failed.
    var failureReason: String? {
        if case .failed(let error) = self { return error.description }
        return nil
    }
}
