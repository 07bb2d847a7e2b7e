/// Turns the bytes a terminal sends into key and mouse events.
///
/// Sequences may arrive split at any byte across `feed` calls: incomplete ones are kept
/// until the rest comes. What it understands:
/// - printable ASCII and UTF-8 characters (malformed UTF-8 is dropped);
/// - CR and LF as Enter, DEL and BS as Backspace, HT as Tab, other Ctrl-letters as
///   `.control` (NUL and Ctrl-\ … Ctrl-_ are dropped);
/// - arrows, Home, End, Page Up/Down, Insert, Delete and F1–F12 in their CSI and SS3 forms,
///   with or without modifier parameters (which are ignored);
/// - SGR mouse reports (ESC [ < b ; x ; y M or m);
/// - any other CSI sequence is skipped whole;
/// - ESC followed by anything else (Alt+key) is `.escape` followed by that key;
/// - ESC on its own stays pending, since it may start a sequence: the reader calls
///   `flushPending()` when no more bytes follow within a few tens of milliseconds.
public struct InputParser: Sendable {
    /// Bytes of a token that has not been completed yet.
    private var pending: [UInt8] = []
    /// Whether the rest of an over-long control sequence is being skipped.
    private var skipsSequence = false

    /// Makes a parser with nothing pending.
    public init() {}

    /// True when the pending bytes start with ESC: a lone Escape, or the start of a
    /// sequence, that `flushPending()` should resolve if nothing follows soon.
    public var hasPendingEscape: Bool { pending.first == ControlSequence.escape }

    /// Parses `bytes` after whatever was pending and returns the events completed.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        var events: [InputEvent] = []
        var offset = 0
        scanning: while offset < pending.count {
            if skipsSequence {
                let byte = pending[offset]
                if (0x20...0x3F).contains(byte) {
                    offset += 1  // a parameter or intermediate byte of the sequence
                    continue
                }
                skipsSequence = false
                if (0x40...0x7E).contains(byte) { offset += 1 }  // its final byte
                continue
            }
            switch InputScanner.scan(pending[offset...]) {
            case .needMore:
                break scanning
            case .token(let tokenEvents, let length):
                events += tokenEvents
                offset += length
            case .overlongSequence(let length):
                offset += length
                skipsSequence = true
            }
        }
        pending.removeFirst(offset)
        return events
    }

    /// Gives up waiting for the rest of a sequence: pending bytes that start with ESC become
    /// `.key(.escape)` (the bytes after the ESC of a cut-off sequence are dropped), and an
    /// unfinished UTF-8 character is dropped.
    public mutating func flushPending() -> [InputEvent] {
        defer { pending.removeAll() }
        return hasPendingEscape ? [.key(.escape)] : []
    }
}
