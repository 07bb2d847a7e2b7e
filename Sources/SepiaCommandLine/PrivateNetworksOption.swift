import ArgumentParser
package import SepiaPipeline

/// `--allow-private-networks`, shared by the commands that download photos (`sepia process`,
/// `sepia browse`, `sepia-gtk`): without it, downloads are held to a ``DestinationPolicy``.
package struct PrivateNetworksOption: ParsableArguments, Sendable {
    @Flag(
        help: """
            Let a remote manifest name private and local addresses (loopback, link-local, RFC 1918…). \
            By default a photo's address may be no more private than its manifest's.
            """)
    package var allowPrivateNetworks = false

    package init() {}

    /// The policy the downloads of `sources` (the command line's manifests, folders and files)
    /// are held to: one trusting their remote manifests, or nil (none) with
    /// `--allow-private-networks`.
    package func destinationPolicy(sources: [String]) -> DestinationPolicy? {
        allowPrivateNetworks ? nil : DestinationPolicy(sourceArguments: sources)
    }
}
