import SepiaOperations
import XCTest

@testable import SepiaPipeline

/// `--max-rate`: request starts spaced out, and cancels while waiting.
final class PacedLoaderTests: XCTestCase {
    /// A loader that answers at once and notes when each request started.
    private final class InstantLoader: PhotoDataLoading {
        let starts = Locked<[ContinuousClock.Instant]>([])
        var maximumBodySize: Int { 1 << 20 }

        private struct NoLoad: CancellableLoad {
            func cancel() {}
        }

        func loadData(
            from url: URL, limit: Int?, progress: (@Sendable (Int, Int?) -> Void)?,
            completion: @escaping @Sendable (Result<Data, PhotoError>) -> Void
        ) -> any CancellableLoad {
            starts.withLock { $0.append(.now) }
            completion(.success(Data(url.lastPathComponent.utf8)))
            return NoLoad()
        }
    }

    private let url = URL(string: "http://photos.example/a.jpg")!

    func testStartsAreSpacedByTheRate() async {
        let base = InstantLoader()
        let paced = PacedLoader(base, requestsPerSecond: 50)
        let url = url
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        _ = paced.loadData(from: url, limit: nil, progress: nil) { continuation.resume(returning: (try? $0.get()) != nil) }
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(results, [Bool](repeating: true, count: 10))
        let starts = base.starts.withLock { $0 }.sorted()
        // Nine gaps of 20 ms at the least (a busy machine can only make them longer).
        XCTAssertGreaterThanOrEqual(starts[9] - starts[0], .milliseconds(175))
        for (earlier, later) in zip(starts, starts.dropFirst()) { XCTAssertGreaterThanOrEqual(later - earlier, .milliseconds(15)) }
    }

    func testACancelWhileWaitingEndsAtOnceAndNeverStarts() async {
        let base = InstantLoader()
        let paced = PacedLoader(base, requestsPerSecond: 1)
        _ = paced.loadData(from: url, limit: nil, progress: nil) { _ in }  // takes the first slot
        let calls = Locked<[Result<Data, PhotoError>]>([])
        let waiting = paced.loadData(from: url, limit: nil, progress: nil) { result in calls.withLock { $0.append(result) } }
        waiting.cancel()
        waiting.cancel()
        try? await Task.sleep(for: .milliseconds(1_300))  // past the second slot
        let ended = calls.withLock { $0 }
        XCTAssertEqual(ended.count, 1, "one completion")
        guard case .failure(.cancelled) = ended.first else { return XCTFail("\(ended)") }
        XCTAssertEqual(base.starts.withLock { $0.count }, 1, "the cancelled request never reached the loader")
    }
}
