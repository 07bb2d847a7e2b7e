public import Foundation

/// How to build one ``OperationStage``: its queue's name, concurrency and quality of service.
public struct StageConfiguration: Sendable, Equatable {
    /// The name of the tutorial's download stage and queue.
    public static let downloadName = "Download queue"
    /// The name of the tutorial's sepia filter stage and queue.
    public static let filtrationName = "Image Filtration queue"

    /// The stage's name, also its queue's name, so it shows in logs and debuggers.
    public var name: String
    /// How many operations may run at once;
    /// `OperationQueue.defaultMaxConcurrentOperationCount` lets the system decide.
    public var maxConcurrentOperationCount: Int
    /// The queue's quality of service. On Linux only the queue-level value matters, and
    /// only because the stage sets it before its first operation is added.
    public var qualityOfService: QualityOfService

    /// Describes a stage.
    public init(
        name: String,
        maxConcurrentOperationCount: Int = OperationQueue.defaultMaxConcurrentOperationCount,
        qualityOfService: QualityOfService = .userInitiated
    ) {
        self.name = name
        self.maxConcurrentOperationCount = maxConcurrentOperationCount
        self.qualityOfService = qualityOfService
    }

    /// The download stage. Downloads wait on the network, not on a core, and finish from
    /// callbacks without holding a thread, so by default the system decides how many run.
    /// The tutorial uses 1 to show the queue at work.
    public static func download(
        maxConcurrentOperationCount: Int = OperationQueue.defaultMaxConcurrentOperationCount
    ) -> StageConfiguration {
        StageConfiguration(name: downloadName, maxConcurrentOperationCount: maxConcurrentOperationCount)
    }

    /// The filter stage. Filtering keeps a core busy, so by default as many run as there
    /// are active cores. The tutorial uses 1 to show the queue at work.
    public static func filtration(
        maxConcurrentOperationCount: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> StageConfiguration {
        StageConfiguration(name: filtrationName, maxConcurrentOperationCount: maxConcurrentOperationCount)
    }
}
