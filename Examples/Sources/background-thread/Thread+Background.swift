import Foundation

extension Thread {
    /// Runs `body` on a new, detached thread: the Swift twin of Objective-C's
    /// `performSelectorInBackground(_:with:)`, for long work that must not occupy one of GCD's
    /// few worker threads.
    ///
    /// The closure is `@Sendable`, so strict concurrency checking sees what crosses to the new
    /// thread (swift-corelibs-foundation's `Thread.detachNewThread(_:)` now asks the same).
    /// The thread is not named: on Linux a `Thread.name` set before `start()` is dropped, and
    /// the getter reads the calling thread's name, not the receiver's. Naming it from inside
    /// `body` is a race: the setter does nothing until `start()` has returned in the thread
    /// that started it.
    static func performInBackground(_ body: @escaping @Sendable () -> Void) {
        Thread(block: body).start()
    }
}
