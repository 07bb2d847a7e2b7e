extension Duration {
    /// Whole milliseconds, rounded down, as `poll(2)` takes its timeout.
    var pollMilliseconds: Int32 {
        let (seconds, attoseconds) = components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }
}
