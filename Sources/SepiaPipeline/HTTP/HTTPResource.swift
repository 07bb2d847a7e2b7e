public import Foundation

/// What a conditional download brings back: a new body, or word that the copy the caller
/// holds is still good.
public enum HTTPResource: Sendable, Equatable {
    /// The body, with what the response says about caching it.
    case modified(Data, HTTPCacheHeaders)
    /// `304 Not Modified`: the caller's copy is current; the headers refresh what it stored.
    case notModified(HTTPCacheHeaders)
}
