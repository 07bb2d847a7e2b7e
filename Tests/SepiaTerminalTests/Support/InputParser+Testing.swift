import SepiaTerminal

extension InputParser {
    /// The events for `input` fed in one piece, followed by a flush.
    static func events(_ input: [UInt8]) -> [InputEvent] {
        var parser = InputParser()
        return parser.feed(input) + parser.flushPending()
    }

    /// The events for `input` fed one byte at a time, followed by a flush.
    static func eventsByteByByte(_ input: [UInt8]) -> [InputEvent] {
        var parser = InputParser()
        return input.flatMap { parser.feed([$0]) } + parser.flushPending()
    }
}
