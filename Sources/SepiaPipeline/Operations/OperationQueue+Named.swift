import Foundation

extension OperationQueue {
    /// A queue called `name` that runs up to `maxConcurrentOperationCount` operations at once
    /// at `.userInitiated` quality of service (set before any operation is added, the only
    /// time it counts on Linux).
    static func named(_ name: String, maxConcurrentOperationCount: Int) -> OperationQueue {
        let queue = OperationQueue()
        queue.name = name
        queue.qualityOfService = .userInitiated
        queue.maxConcurrentOperationCount = maxConcurrentOperationCount
        return queue
    }
}
