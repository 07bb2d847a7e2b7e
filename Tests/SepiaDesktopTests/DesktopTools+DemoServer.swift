import Dispatch
import SepiaDemoServer

extension DesktopTools {
    /// The result of `body`, run as a task while this thread waits (the window's waits poll
    /// synchronously: they must not hold one of the few threads the server's tasks run on).
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
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

    /// Stops `server`, waiting here until it has stopped.
    static func stop(_ server: DemoPhotoServer) {
        _ = try? blocking { await server.stop() }
    }
}

/// A task's result, written by the task before it signals the waiting thread, read after.
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
