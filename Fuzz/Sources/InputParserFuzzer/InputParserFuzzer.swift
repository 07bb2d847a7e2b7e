import SepiaTerminal

/// Fuzzes the terminal input parser (`InputParser`, and `InputScanner` under it) with arbitrary
/// bytes as a terminal or a paste could send them.
///
/// Checks the parser's promise that sequences may arrive split at any byte: feeding the input
/// whole, in two parts (split where the first byte says) and byte by byte must give the same
/// events, and the same events from `flushPending()` afterwards. Every event takes at least
/// one byte, and nothing is left pending after a flush.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInputParser(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))

    var whole = InputParser()
    let wholeEvents = whole.feed(bytes) + whole.flushPending()

    let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    var halves = InputParser()
    let halvesEvents = halves.feed(bytes[..<split]) + halves.feed(bytes[split...]) + halves.flushPending()

    var single = InputParser()
    var singleEvents: [InputEvent] = []
    for byte in bytes {
        singleEvents += single.feed(CollectionOfOne(byte))
    }
    singleEvents += single.flushPending()

    precondition(halvesEvents == wholeEvents, "split at \(split): \(halvesEvents) != \(wholeEvents)")
    precondition(singleEvents == wholeEvents, "byte by byte: \(singleEvents) != \(wholeEvents)")
    precondition(wholeEvents.count <= bytes.count, "\(wholeEvents.count) events from \(bytes.count) bytes")
    precondition(!whole.hasPendingEscape && whole.flushPending().isEmpty, "flush left bytes pending")
    return 0
}
