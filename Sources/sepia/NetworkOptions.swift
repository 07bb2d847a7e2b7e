import ArgumentParser
import Foundation
import SepiaPipeline

/// `--user-agent`, shared by the commands that download photos, and the loader settings that
/// come with it: the timeout and the proxies of the environment.
struct NetworkOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The User-Agent header sent with every request.", valueName: "text"))
    var userAgent: String = HTTPRequestHeaders.defaultUserAgent

    func validate() throws {
        guard !userAgent.isEmpty, !userAgent.contains(where: { $0.isNewline || $0 == "\0" }) else {
            throw ValidationError("--user-agent must be one line of text.")
        }
        _ = try proxies()
    }

    /// The loader's configuration: this User-Agent, `totalTimeout` per attempt, and the proxies
    /// of the environment (`http_proxy`, `https_proxy`, `no_proxy`…) unless `direct`.
    func loaderConfiguration(totalTimeout: TimeInterval, direct: Bool = false) throws -> HTTPLoaderConfiguration {
        HTTPLoaderConfiguration(totalTimeout: totalTimeout, userAgent: userAgent, proxies: direct ? .none : try proxies())
    }

    private func proxies() throws -> ProxySettings {
        do {
            return try ProxySettings(environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError("\(error).")
        }
    }
}
