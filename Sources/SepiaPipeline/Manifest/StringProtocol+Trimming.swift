extension StringProtocol {
    /// The text without white space or line breaks at either end.
    ///
    /// The same characters as Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)`
    /// (`Character.isWhitespace`), without bridging, which matters for 100,000-entry manifests.
    func trimmingWhiteSpace() -> SubSequence {
        var start = startIndex
        var end = endIndex
        while start < end, self[start].isWhitespace {
            formIndex(after: &start)
        }
        while start < end {
            let last = index(before: end)
            guard self[last].isWhitespace else { break }
            end = last
        }
        return self[start..<end]
    }
}
