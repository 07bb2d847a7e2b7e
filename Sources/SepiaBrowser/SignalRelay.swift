import SepiaSystem

/// Hands signals from a ``SepiaSystem/SignalTrap`` made before its recipient exists to
/// that recipient, once it is set.
///
/// On the main actor: the trap delivers on the main queue, and the recipient is set there.
@MainActor
final class SignalRelay {

    /// What receives the signals; a signal delivered before it is set is dropped.
    var recipient: ((Int32) -> Void)?

    /// Passes `number` on to the recipient.
    func deliver(_ number: Int32) {
        recipient?(number)
    }
}
