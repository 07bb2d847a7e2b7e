import ServiceLifecycle

/// Pauses used by the request handlers (latency, the slow entry, bandwidth pacing).
///
/// They end early with `CancellationError` when the server shuts down gracefully, so
/// `DemoPhotoServer.stop()` never waits for a pending delay. Graceful shutdown (rather than
/// cancelling the server task) is what lets Hummingbird hand every accepted connection to a
/// handler before it stops; cancelling can drop one and trap in NIO.
enum ShutdownAwareSleep {
    /// Sleeps for `duration`, or until the server shuts down.
    static func sleep(for duration: Duration) async throws {
        try await cancelWhenGracefulShutdown { try await Task.sleep(for: duration) }
    }

    /// Sleeps until `deadline`, or until the server shuts down.
    static func sleep(until deadline: ContinuousClock.Instant) async throws {
        try await cancelWhenGracefulShutdown { try await Task.sleep(until: deadline, clock: .continuous) }
    }
}
