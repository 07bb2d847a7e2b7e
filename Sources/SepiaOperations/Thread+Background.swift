import Foundation

extension Thread {
    /// Runs `body` on a new, detached, named thread: the `performSelectorInBackground` of
    /// this world, for long work that must not occupy one of GCD's few worker threads.
    /// - Returns: the started thread.
    @discardableResult
    public static func performInBackground(named name: String, _ body: @escaping @Sendable () -> Void) -> Thread {
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
        return thread
    }
}
