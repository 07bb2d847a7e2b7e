/// A placeholder a manifest entry gave that is not shown, and why: the entry is still a row.
public struct IgnoredPlaceholder: Sendable, Hashable, CustomStringConvertible {
    /// The entry's name, as the manifest's rows have it.
    public let name: String
    /// Why the hash was ignored, such as "The BlurHash has 27 characters where 28 are expected."
    public let reason: String
    /// The entry's index in its collection's entries, so that the name follows when sources
    /// are joined and names made unique; nil when not known.
    let row: Int?

    /// Makes a record of an ignored placeholder.
    public init(name: String, reason: String) {
        self.init(name: name, reason: reason, row: nil)
    }

    init(name: String, reason: String, row: Int?) {
        self.name = name
        self.reason = reason
        self.row = row
    }

    /// The same record for the entry at `row` named `name`.
    func moved(to row: Int, name: String) -> IgnoredPlaceholder {
        IgnoredPlaceholder(name: name, reason: reason, row: row)
    }

    /// Equal when the entry's name and the reason are: the row is bookkeeping.
    public static func == (left: IgnoredPlaceholder, right: IgnoredPlaceholder) -> Bool {
        left.name == right.name && left.reason == right.reason
    }

    /// Hashes what `==` compares: the name and the reason.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(reason)
    }

    /// "name: reason".
    public var description: String { "\(name): \(reason)" }
}
