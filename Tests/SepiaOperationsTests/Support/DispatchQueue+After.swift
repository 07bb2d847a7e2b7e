import Dispatch

extension DispatchQueue {
    /// Runs `work` after `delay`, or as soon as possible when `delay` is `.never`.
    func after(_ delay: DispatchTimeInterval, _ work: @escaping @Sendable () -> Void) {
        if delay == .never {
            async(execute: work)
        } else {
            asyncAfter(deadline: .now() + delay, execute: work)
        }
    }
}
