import ArgumentParser
import Foundation
import SepiaCommandLine
import SepiaPipeline

/// `--user-agent` and `--allow-private-networks`, shared by the commands that download photos,
/// and the loader settings that come with them: the timeout, the proxies of the environment and
/// the destinations allowed.
struct NetworkOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The User-Agent header sent with every request.", valueName: "text"))
    var userAgent: String = HTTPRequestHeaders.defaultUserAgent

    @OptionGroup var privateNetworks: PrivateNetworksOption

    func validate() throws {
        guard !userAgent.isEmpty, !userAgent.contains(where: { $0.isNewline || $0 == "\0" }) else {
            throw ValidationError("--user-agent must be one line of text.")
        }
        _ = try proxies()
    }

    /// The loader's configuration: this User-Agent, `totalTimeout` per attempt, the proxies of
    /// the environment (`http_proxy`, `https_proxy`, `no_proxy`…) unless `direct`, and a
    /// ``DestinationPolicy`` trusting the remote manifests among `sources` unless
    /// `--allow-private-networks`.
    func loaderConfiguration(totalTimeout: TimeInterval, direct: Bool = false, sources: [String]) throws -> HTTPLoaderConfiguration {
        HTTPLoaderConfiguration(
            totalTimeout: totalTimeout, userAgent: userAgent, proxies: direct ? .none : try proxies(),
            destinationPolicy: privateNetworks.destinationPolicy(sources: sources))
    }

    private func proxies() throws -> ProxySettings {
        do {
            return try ProxySettings(environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError("\(error).")
        }
    }
}
