import Foundation

extension Thread {
    /// Runs `body` on a new, detached thread: the `performSelectorInBackground` of this
    /// world, for long work that must not occupy one of GCD's few worker threads.
    ///
    /// Unlike `Thread.detachNewThread(_:)`, the closure must be `@Sendable`, so strict
    /// concurrency checking sees what crosses to the new thread. The thread is not named:
    /// on Linux a `Thread.name` set before `start()` is dropped, and its getter reads the
    /// calling thread's name, not the receiver's.
    public static func performInBackground(_ body: @escaping @Sendable () -> Void) {
        Thread(block: body).start()
    }
}
