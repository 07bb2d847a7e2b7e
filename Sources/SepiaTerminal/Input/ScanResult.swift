/// What reading the front of the pending input bytes gave.
enum ScanResult {
    /// A whole token of `length` bytes that means `events` (none for skipped bytes).
    case token(events: [InputEvent], length: Int)
    /// The bytes so far start a token that is not complete yet.
    case needMore
    /// The first `length` bytes of a control sequence longer than any real one: they are
    /// dropped, and so are its remaining parameter bytes and its final byte, however they
    /// arrive.
    case overlongSequence(length: Int)
}
