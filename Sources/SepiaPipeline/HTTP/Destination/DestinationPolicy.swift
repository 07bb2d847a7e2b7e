public import Foundation
import SepiaOperations

/// Which addresses downloads may reach, against server-side request forgery: a destination may
/// be no more private than the source that named it (``NetworkReach``).
///
/// The sources given on the command line are the user's own and are fetched wherever they are;
/// the reach of the addresses each was fetched from (every redirect hop counted) becomes the
/// most private reach any other download may have. So a manifest from a public server cannot
/// make Sepia reach a private or local address, one served on loopback may name loopback, one
/// on a private network private addresses. The limit only falls as sources are read, and every
/// row comes from a source read before it, so a row is never allowed more than its own source
/// allows; rows of a local manifest read beside a public one are held to the public limit too.
/// Sources a user opens later (the desktop window's Open… and drops) are trusted the same way
/// (``trust(sourceArguments:)``) and lower the same limit: a session is held to what one command
/// line naming every source it opened would allow.
///
/// ``HTTPLoad`` applies it to every attempt and redirect hop: a name is resolved, each of its
/// addresses checked, and a plain http request connects to the checked address itself, so
/// that the name cannot resolve anew to another (DNS rebinding). An https request is checked
/// the same way but connects by name, its certificate proving that whoever answers holds that
/// name. Through a proxy, which resolves names itself, only addresses written in the URL and
/// `localhost` names are checked, and a source read through one counts as public.
public final class DestinationPolicy: Sendable {
    private let trustedSources: Locked<Set<String>>
    private let limit = Locked(NetworkReach.thisMachine)
    /// Resolves the names of downloads that are checked.
    let resolver = AddressResolver()

    /// A policy trusting `sources` (the command line's manifest URLs); until one of them has
    /// been read, any destination is allowed.
    public init(trustedSources: [URL]) {
        self.trustedSources = Locked(Set(trustedSources.map(\.absoluteString)))
    }

    /// Trusts `sources` too, from now on. The limit stays where the sources read so far put it:
    /// it never rises, so rows still loading from an earlier source gain nothing.
    public func trust(_ sources: [URL]) {
        trustedSources.withLock { $0.formUnion(sources.map(\.absoluteString)) }
    }

    /// The most private reach a download that is not a trusted source may have now.
    public var allowedReach: NetworkReach { limit.withLock { $0 } }

    /// Whether `url` is one of the trusted sources.
    func trusts(_ url: URL) -> Bool { trustedSources.withLock { $0.contains(url.absoluteString) } }

    /// Notes that a trusted source was fetched from an address of `reach`.
    func noteSource(fetchedFrom reach: NetworkReach) {
        limit.withLock { $0 = min($0, reach) }
    }
}
