import Dispatch
import SepiaDemoServer

/// Async work run from a desktop test's synchronous thread: the window's waits poll
/// synchronously, and must not hold one of the few threads the server's tasks run on.
enum BlockingTask {
    /// The result of `body`, run as a task while this thread waits.
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                box.result = .success(try await body())
            } catch {
                box.result = .failure(error)
            }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }

    /// Stops `server`, waiting until it has stopped.
    static func stop(_ server: DemoPhotoServer) {
        _ = try? run { await server.stop() }
    }
}

/// A task's result, written by the task before it signals the waiting thread, read after.
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
