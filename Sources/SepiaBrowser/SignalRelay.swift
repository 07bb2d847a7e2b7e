/// Hands signals from a ``SepiaOperations/SignalTrap`` made before its recipient exists to
/// that recipient, once it is set.
///
/// Confined to the main queue: the trap delivers there, and the recipient is set on the main
/// thread before the main queue runs.
final class SignalRelay: @unchecked Sendable {
    // @unchecked Sendable: `recipient` is only touched on the main queue (see above).

    /// What receives the signals; a signal delivered before it is set is dropped.
    var recipient: ((Int32) -> Void)?

    /// Passes `number` on to the recipient.
    func deliver(_ number: Int32) {
        recipient?(number)
    }
}
