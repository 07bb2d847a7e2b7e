import SepiaOperations
import Dispatch

extension DemoPhotoServer {
    /// Starts a server from synchronous code (a command-line tool's main thread, a
    /// non-async UI loop) and blocks until it is listening.
    ///
    /// It must not be called from a Swift concurrency task: it blocks its thread while the
    /// server starts on others. Use `start(_:)` there.
    ///
    /// - Throws: what `start(_:)` throws.
    @available(*, noasync, message: "Use start(_:) from async code")
    public static func startBlocking(_ configuration: DemoServerConfiguration = DemoServerConfiguration()) throws -> DemoPhotoServer {
        try waitFor { try await start(configuration) }
    }

    /// Stops the server from synchronous code and blocks until it has stopped.
    ///
    /// It must not be called from a Swift concurrency task; use `stop()` there.
    @available(*, noasync, message: "Use stop() from async code")
    public func stopBlocking() {
        DemoPhotoServer.waitFor { await self.stop() }
    }

    /// Runs `operation` in a new task and blocks the calling thread until it finishes.
    private static func waitFor<Value: Sendable, Failure: Error>(
        _ operation: @escaping @Sendable () async throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let outcome = Locked<Result<Value, Failure>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Task {
            let result: Result<Value, Failure>
            do throws(Failure) {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            finished.signal()
        }
        finished.wait()
        return try outcome.withLock { $0! }.get()
    }
}
