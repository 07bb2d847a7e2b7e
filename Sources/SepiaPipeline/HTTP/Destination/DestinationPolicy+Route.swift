import Foundation

extension DestinationPolicy {
    /// A trusted source's URLs among command-line `sources` (the http and https ones, read as
    /// ``PhotoSource`` reads them): a policy for the loader of `sepia process` and `browse`.
    public convenience init(sourceArguments sources: [String]) {
        self.init(trustedSources: Self.remoteSources(sources))
    }

    /// Trusts the http and https URLs among `sources`, sources the user opened after start, as
    /// if they had been on the command line (see ``trust(_:)``).
    public func trust(sourceArguments sources: [String]) {
        trust(Self.remoteSources(sources))
    }

    /// The http and https URLs among `sources`, read as ``PhotoSource`` reads them.
    private static func remoteSources(_ sources: [String]) -> [URL] {
        sources.compactMap { source in
            guard case .remote(let url) = PhotoSource.resolve(source) else { return nil }
            return url
        }
    }

    /// Decides where an attempt at `target` may connect. `isSource`: the download is a trusted
    /// source, always let through, whose addresses lower the limit; `throughProxy`: the proxy
    /// resolves the name, so only an address written in the URL or a `localhost` name is
    /// judged. A name is resolved unless nothing is refused yet; `completion` gets the route,
    /// ``HTTPLoadError/refusedDestination(host:address:reach:allowed:)``, or the resolver's
    /// failure, on this thread or another.
    func route(
        _ target: URL, isSource: Bool, throughProxy: Bool, completion: @escaping @Sendable (Result<DestinationRoute, HTTPLoadError>) -> Void
    ) {
        guard let named = target.host?.lowercased(), !named.isEmpty else { return completion(.success(.asGiven)) }
        let host = named.hasPrefix("[") && named.hasSuffix("]") ? String(named.dropFirst().dropLast()) : named
        if let reach = IPAddressClassification.reach(ofAddress: host) {
            return completion(judge(host, [(host, reach)], isSource: isSource, pins: false))
        }
        if throughProxy {
            let reach: NetworkReach = host == "localhost" || host.hasSuffix(".localhost") ? .thisMachine : .publicInternet
            return completion(judge(host, [(host, reach)], isSource: isSource, pins: false))
        }
        guard isSource || allowedReach < .thisMachine else { return completion(.success(.asGiven)) }
        let pins = target.scheme?.lowercased() == "http"
        resolver.resolve(host) { result in
            completion(
                result.flatMap { addresses in
                    let reaches = addresses.map { ($0, IPAddressClassification.reach(ofAddress: $0) ?? .thisMachine) }
                    return self.judge(host, reaches, isSource: isSource, pins: pins)
                })
        }
    }

    /// The route to `host` at `addresses` with their reaches: a source lowers the limit to its
    /// least private address; any other download is refused when one address is beyond it.
    private func judge(
        _ host: String, _ addresses: [(String, NetworkReach)], isSource: Bool, pins: Bool
    ) -> Result<DestinationRoute, HTTPLoadError> {
        if isSource {
            noteSource(fetchedFrom: addresses.map(\.1).min() ?? .publicInternet)
        } else {
            let allowed = allowedReach
            if let (address, reach) = addresses.first(where: { $0.1 > allowed }) {
                return .failure(.refusedDestination(host: host, address: address, reach: reach, allowed: allowed))
            }
        }
        guard pins, let (first, _) = addresses.first else { return .success(.asGiven) }
        return .success(.pinned(first))
    }
}
