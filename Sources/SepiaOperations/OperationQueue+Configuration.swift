public import Foundation

extension OperationQueue {
    /// A queue built as `configuration` says: named, with its concurrency, and with its
    /// quality of service set before any operation is added (the only time it counts on Linux).
    public convenience init(configuration: StageConfiguration) {
        self.init()
        name = configuration.name
        qualityOfService = configuration.qualityOfService
        maxConcurrentOperationCount = configuration.maxConcurrentOperationCount
    }
}
