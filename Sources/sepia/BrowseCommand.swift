import ArgumentParser

/// `sepia browse`: the terminal photo list over any manifest.
struct BrowseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse the photos of a manifest in the terminal, sepia-filtered.",
        discussion: """
            MANIFEST is an http(s) URL or a file: a property list or JSON of name → URL (or an \
            array of {name, url}), or a list of URLs, one a line. Photos download and filter \
            on background queues while you scroll; press ? for the keys, q to quit.
            """
    )

    @Argument(help: "The manifest: an http(s) URL or a file path.")
    var manifest: String

    @OptionGroup var browsing: BrowseOptions

    @MainActor
    func run() async throws {
        try await BrowserLaunch(manifest: manifest, title: "Sepia — \(manifest)", options: browsing).run()
    }
}
