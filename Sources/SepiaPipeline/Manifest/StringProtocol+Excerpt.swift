extension StringProtocol {
    /// The text cut to its first 80 characters and "…" when it is longer, for quoting in
    /// messages, so that one enormous line cannot flood an entry's reason or an error.
    func excerpt() -> String {
        count > 80 ? String(prefix(80)) + "…" : String(self)
    }
}
